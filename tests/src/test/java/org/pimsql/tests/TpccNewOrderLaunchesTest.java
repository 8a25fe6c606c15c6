package org.pimsql.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.pimsql.bench.tpcc.HsqldbEngine;
import org.pimsql.bench.tpcc.NewOrderInput;
import org.pimsql.bench.tpcc.PimsqlEngine;
import org.pimsql.bench.tpcc.TpccClient;
import org.pimsql.bench.tpcc.TpccConstants;
import org.pimsql.bench.tpcc.TpccEngine;
import org.pimsql.bench.tpcc.TpccInputs;
import org.pimsql.bench.tpcc.TpccLoader;
import org.pimsql.host.engine.ExecutionStats;
import org.pimsql.host.jdbc.PimConnection;

/**
 * Acceptance (issue 16, multi-partition): a New-Order whose items live on other DPUs completes in at most 3 launches.
 *
 * <p>The example's own partitioning on 8 DPUs puts each line's stock on its item's DPU (stock by item) and the order on
 * its district's, so a New-Order's reads alternate between several owners. A participant missing a value speculates
 * past it and publishes the reads it owns further along (docs/multi-partition.md "Speculation"), so the call needs
 * the launch that collects every owner's values and the one that completes, plus one when participants join at run
 * time, whatever the number of owner changes along its path. Each New-Order runs alone (its own epoch), and gives
 * HSQLDB's results and final tables.
 */
class TpccNewOrderLaunchesTest {
    private static final int DPUS = 8;
    private static final int ORDERS = 40;

    @Test
    void aNewOrderAcrossManyDpusCompletesInAtMostThreeLaunches() throws Exception {
        var scale = TpccDifferentialTest.SCALE;
        try (TpccEngine pim = new PimsqlEngine(DPUS, "").withScript(PimsqlEngine.exampleScript());
             TpccEngine ref = new HsqldbEngine(PimsqlEngine.exampleScript());
             Connection pc = pim.connect();
             Connection rc = ref.connect()) {
            pim.createSchema(pc);
            ref.createSchema(rc);
            TpccConstants load = TpccConstants.forLoad(TpccDifferentialTest.SEED);
            for (TpccEngine e : List.of(pim, ref)) {
                new TpccLoader(scale, load, TpccDifferentialTest.SEED, TpccDifferentialTest.LOAD_TIME).load(e, 1, null);
            }
            var inputs = new TpccInputs(scale, TpccConstants.forRun(load, TpccDifferentialTest.SEED), 5, 1, 1);
            PimConnection engine = pc.unwrap(PimConnection.class);
            Map<Long, Integer> launchesPerCall = new TreeMap<>();
            int rollbacks = 0;
            try (TpccClient p = pim.client(pc); TpccClient r = ref.client(rc)) {
                for (int done = 0; done < ORDERS; ) {
                    NewOrderInput in = inputs.newOrder();
                    int changes = ownerChanges(in);
                    if (distinctItemDpus(in) < 3 || changes < 3) {
                        continue; // not one whose reads alternate between several DPUs
                    }
                    if (done % 8 == 7) {
                        // an unused last item (clause 2.4.1.4): the SIGNAL after the other lines' reads rolls back every DPU
                        var items = new ArrayList<>(in.itemIds());
                        items.set(items.size() - 1, scale.items() + 1);
                        in = new NewOrderInput(in.warehouseId(), in.districtId(), in.customerId(), items,
                                in.supplyWarehouseIds(), in.quantities(), true);
                    }
                    List<Object> expected = TpccDifferentialTest.run(r, in);
                    engine.closeEpoch();
                    ExecutionStats before = engine.engine().executionStats();
                    List<Object> actual = TpccDifferentialTest.run(p, in);
                    engine.closeEpoch();
                    long launches = engine.engine().executionStats().launches() - before.launches();
                    assertEquals(expected, actual, "New-Order " + done + ": " + in);
                    assertTrue(launches <= 3, "New-Order " + done + " with " + changes + " owner changes took " + launches
                            + " launches: " + in);
                    launchesPerCall.merge(launches, 1, Integer::sum);
                    if (in.rollback()) rollbacks++;
                    done++;
                }
            }
            System.out.printf("New-Orders across >= 3 item DPUs (%d rolled back), launches each: %s%n", rollbacks,
                    launchesPerCall);
            assertEquals(TpccDifferentialTest.tables(rc), TpccDifferentialTest.tables(pc), "the tables after the New-Orders");
        }
    }

    /** DPUs of the order's stock rows (stock is partitioned by item: MOD over 8 partitions on 8 DPUs). */
    private static long distinctItemDpus(NewOrderInput in) {
        return in.itemIds().stream().map(i -> Math.floorMod(i, DPUS)).distinct().count();
    }

    /** How often the owner of the next line's stock read differs from the previous one's. */
    private static int ownerChanges(NewOrderInput in) {
        var owners = new ArrayList<Integer>();
        for (int i : in.itemIds()) owners.add(Math.floorMod(i, DPUS));
        int changes = 0;
        for (int i = 1; i < owners.size(); i++) {
            if (!owners.get(i).equals(owners.get(i - 1))) changes++;
        }
        return changes;
    }
}
