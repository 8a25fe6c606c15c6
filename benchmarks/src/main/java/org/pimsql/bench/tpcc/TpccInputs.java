package org.pimsql.bench.tpcc;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Generates the inputs of the five transactions for one terminal (clause 2.x.1), bound to a home warehouse
 * and, for Stock-Level, a district (clause 2.8.1.2: the district is constant for a terminal). Not
 * thread-safe: one instance per client.
 */
public final class TpccInputs {
    private final TpccScale scale;
    private final TpccConstants constants;
    private final TpccRandom random;
    private final int homeWarehouse;
    private final int terminalDistrict;

    public TpccInputs(TpccScale scale, TpccConstants runConstants, long seed, int homeWarehouse, int terminalDistrict) {
        if (homeWarehouse < 1 || homeWarehouse > scale.warehouses()) {
            throw new IllegalArgumentException("home warehouse " + homeWarehouse + " not in 1.." + scale.warehouses());
        }
        if (terminalDistrict < 1 || terminalDistrict > TpccScale.DISTRICTS_PER_WAREHOUSE) {
            throw new IllegalArgumentException("district " + terminalDistrict + " not in 1..10");
        }
        this.scale = scale;
        this.constants = runConstants;
        this.random = new TpccRandom(seed);
        this.homeWarehouse = homeWarehouse;
        this.terminalDistrict = terminalDistrict;
    }

    public int homeWarehouse() {
        return homeWarehouse;
    }

    /** Clause 2.4.1: 5..15 lines, 1% rolled back through an unused last item, 1% remote lines. */
    public NewOrderInput newOrder() {
        int district = random.uniform(1, 10);
        int customer = customerId();
        int lines = random.uniform(5, 15);
        boolean rollback = random.uniform(1, 100) == 1;
        var items = new ArrayList<Integer>(lines);
        var supply = new ArrayList<Integer>(lines);
        var quantities = new ArrayList<Integer>(lines);
        for (int i = 0; i < lines; i++) {
            items.add(rollback && i == lines - 1 ? scale.items() + 1 : itemId());
            supply.add(scale.warehouses() > 1 && random.uniform(1, 100) == 1 ? otherWarehouse() : homeWarehouse);
            quantities.add(random.uniform(1, 10));
        }
        return new NewOrderInput(homeWarehouse, district, customer, items, supply, quantities, rollback);
    }

    /** Clause 2.5.1: 85% home customer (15% remote), 60% by last name, amount 1.00..5,000.00. */
    public PaymentInput payment() {
        int district = random.uniform(1, 10);
        int customerWarehouse = homeWarehouse;
        int customerDistrict = district;
        if (random.uniform(1, 100) > 85) {
            customerDistrict = random.uniform(1, 10);
            if (scale.warehouses() > 1) customerWarehouse = otherWarehouse();
        }
        boolean byName = random.uniform(1, 100) <= 60;
        int customer = byName ? 0 : customerId();
        String last = byName ? lastName() : null;
        BigDecimal amount = random.decimal(100, 500_000, 2);
        return new PaymentInput(homeWarehouse, district, customerWarehouse, customerDistrict, byName, customer, last, amount);
    }

    /** Clause 2.6.1: 60% by last name. */
    public OrderStatusInput orderStatus() {
        int district = random.uniform(1, 10);
        boolean byName = random.uniform(1, 100) <= 60;
        return new OrderStatusInput(homeWarehouse, district, byName, byName ? 0 : customerId(), byName ? lastName() : null);
    }

    /** Clause 2.7.1: a carrier in 1..10. */
    public DeliveryInput delivery() {
        return new DeliveryInput(homeWarehouse, random.uniform(1, 10));
    }

    /** Clause 2.8.1: the terminal's district, threshold 10..20. */
    public StockLevelInput stockLevel() {
        return new StockLevelInput(homeWarehouse, terminalDistrict, random.uniform(10, 20));
    }

    /** NURand(1023, 1, 3000), or over the reduced number of customers. */
    int customerId() {
        return random.nuRand(1023, 1, scale.customersPerDistrict(), constants.cId());
    }

    /** NURand(8191, 1, 100000), or over the reduced number of items. */
    int itemId() {
        return random.nuRand(8191, 1, scale.items(), constants.olIId());
    }

    /** NURand(255, 0, 999) as a last name, or over the names a reduced district has. */
    String lastName() {
        return TpccRandom.lastName(random.nuRand(255, 0, scale.maxLastNameNumber(), constants.cLast()));
    }

    /** A warehouse other than the home one, uniformly (only when W > 1). */
    int otherWarehouse() {
        int w = random.uniform(1, scale.warehouses() - 1);
        return w >= homeWarehouse ? w + 1 : w;
    }

    /** The kinds of transaction, in the order of the mix. */
    public enum Kind { NEW_ORDER, PAYMENT, ORDER_STATUS, DELIVERY, STOCK_LEVEL }

    /** A shuffled deck of 100 cards: 45 New-Order, 43 Payment, 4 each of the others (clause 5.2.4.2). */
    public List<Kind> deck() {
        var deck = new ArrayList<Kind>(100);
        for (int i = 0; i < 45; i++) deck.add(Kind.NEW_ORDER);
        for (int i = 0; i < 43; i++) deck.add(Kind.PAYMENT);
        for (int i = 0; i < 4; i++) {
            deck.add(Kind.ORDER_STATUS);
            deck.add(Kind.DELIVERY);
            deck.add(Kind.STOCK_LEVEL);
        }
        for (int i = deck.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            deck.set(i, deck.set(j, deck.get(i)));
        }
        return deck;
    }
}
