package org.pimsql.bench.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pimsql.bench.tpcc.TpccInputs.Kind;

/** The input generators follow clause 2's percentages (checked over many draws with wide bounds). */
class TpccInputsTest {
    private static final TpccScale SCALE = TpccScale.standard(4);
    private static final TpccConstants RUN = TpccConstants.forRun(TpccConstants.forLoad(1), 1);

    @Test
    void newOrdersHaveFiveToFifteenLinesOnePercentRollbackAndOnePercentRemoteLines() {
        var in = new TpccInputs(SCALE, RUN, 11, 2, 1);
        int rollbacks = 0;
        long lines = 0;
        long remote = 0;
        for (int i = 0; i < 20_000; i++) {
            NewOrderInput o = in.newOrder();
            assertEquals(2, o.warehouseId());
            assertTrue(o.districtId() >= 1 && o.districtId() <= 10);
            assertTrue(o.customerId() >= 1 && o.customerId() <= 3000);
            int n = o.itemIds().size();
            assertTrue(n >= 5 && n <= 15, "lines " + n);
            for (int k = 0; k < n; k++) {
                int item = o.itemIds().get(k);
                boolean unused = item == SCALE.items() + 1;
                assertEquals(o.rollback() && k == n - 1, unused, "only a rollback's last item is unused");
                assertTrue(unused || item >= 1 && item <= SCALE.items());
                int q = o.quantities().get(k);
                assertTrue(q >= 1 && q <= 10);
                int w = o.supplyWarehouseIds().get(k);
                assertTrue(w >= 1 && w <= 4);
                if (w != 2) remote++;
            }
            lines += n;
            if (o.rollback()) rollbacks++;
            assertEquals(o.supplyWarehouseIds().stream().allMatch(w -> w == 2), o.allLocal());
        }
        assertTrue(rollbacks > 120 && rollbacks < 280, "rollbacks " + rollbacks + " of 20,000");
        assertTrue(remote > lines / 200 && remote < lines / 50, "remote lines " + remote + " of " + lines);
    }

    @Test
    void paymentsAreSixtyPercentByNameAndFifteenPercentRemote() {
        var in = new TpccInputs(SCALE, RUN, 12, 3, 1);
        int byName = 0;
        int remote = 0;
        for (int i = 0; i < 20_000; i++) {
            PaymentInput p = in.payment();
            assertEquals(3, p.warehouseId());
            if (p.byName()) {
                byName++;
                assertTrue(p.customerLast().matches("[A-Z]+"), p.customerLast());
            } else {
                assertTrue(p.customerId() >= 1 && p.customerId() <= 3000);
            }
            if (p.remote()) remote++;
            else assertEquals(p.districtId(), p.customerDistrictId(), "a home customer pays at its own district");
            assertTrue(p.amount().compareTo(new BigDecimal("1.00")) >= 0 && p.amount().compareTo(new BigDecimal("5000.00")) <= 0);
            assertEquals(2, p.amount().scale());
        }
        assertTrue(byName > 11_400 && byName < 12_600, "by name " + byName);
        assertTrue(remote > 2_600 && remote < 3_400, "remote " + remote);
    }

    @Test
    void oneWarehouseHasNoRemoteCalls() {
        var in = new TpccInputs(TpccScale.standard(1), RUN, 13, 1, 1);
        for (int i = 0; i < 5_000; i++) {
            assertTrue(in.newOrder().allLocal());
            assertFalse(in.payment().remote());
        }
    }

    @Test
    void theOtherThreeFollowTheirClauses() {
        var in = new TpccInputs(SCALE, RUN, 14, 1, 7);
        int byName = 0;
        for (int i = 0; i < 10_000; i++) {
            OrderStatusInput o = in.orderStatus();
            if (o.byName()) byName++;
            DeliveryInput d = in.delivery();
            assertTrue(d.carrierId() >= 1 && d.carrierId() <= 10);
            StockLevelInput s = in.stockLevel();
            assertEquals(7, s.districtId(), "Stock-Level uses the terminal's district");
            assertTrue(s.threshold() >= 10 && s.threshold() <= 20);
        }
        assertTrue(byName > 5_700 && byName < 6_300, "by name " + byName);
    }

    @Test
    void theDeckDealsTheStandardMix() {
        var in = new TpccInputs(SCALE, RUN, 15, 1, 1);
        Map<Kind, Integer> counts = new EnumMap<>(Kind.class);
        for (Kind k : in.deck()) counts.merge(k, 1, Integer::sum);
        assertEquals(Map.of(Kind.NEW_ORDER, 45, Kind.PAYMENT, 43, Kind.ORDER_STATUS, 4, Kind.DELIVERY, 4, Kind.STOCK_LEVEL, 4),
                counts);
        assertFalse(in.deck().equals(in.deck()), "each deck is shuffled anew");
    }

    @Test
    void aReducedScaleDrawsOnlyExistingCustomersItemsAndNames() {
        var scale = TpccScale.reduced(1, 100, 20, 20);
        var in = new TpccInputs(scale, RUN, 16, 1, 1);
        for (int i = 0; i < 2_000; i++) {
            NewOrderInput o = in.newOrder();
            assertTrue(o.customerId() <= 20);
            for (int item : o.itemIds()) assertTrue(item <= 101);
            PaymentInput p = in.payment();
            if (p.byName()) {
                boolean known = false;
                for (int n = 0; n < 20; n++) known |= TpccRandom.lastName(n).equals(p.customerLast());
                assertTrue(known, p.customerLast());
            }
        }
    }
}
