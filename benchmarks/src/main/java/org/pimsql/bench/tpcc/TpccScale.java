package org.pimsql.bench.tpcc;

/**
 * The size of a TPC-C database. {@link #standard(int)} is the specification's population (clause 4.3.1:
 * 100,000 items; per warehouse ten districts of 3,000 customers and 3,000 initial orders, the last 900 of
 * them undelivered). {@link #reduced(int, int, int, int)} is a smaller population for fast tests: NOT a
 * valid TPC-C database, but one that keeps every rule of the loader and every consistency condition
 * (the numbers the specification fixes, like 2,100 delivered orders per district, scale with it).
 *
 * @param warehouses           W, at least 1
 * @param items                rows of ITEM, and of STOCK per warehouse (standard 100,000)
 * @param customersPerDistrict rows of CUSTOMER per district (standard 3,000)
 * @param ordersPerDistrict    initial rows of ORDERS per district (standard 3,000; at most one per customer)
 */
public record TpccScale(int warehouses, int items, int customersPerDistrict, int ordersPerDistrict) {
    public static final int DISTRICTS_PER_WAREHOUSE = 10;
    public static final int STANDARD_ITEMS = 100_000;
    public static final int STANDARD_CUSTOMERS_PER_DISTRICT = 3_000;
    public static final int STANDARD_ORDERS_PER_DISTRICT = 3_000;

    public TpccScale {
        if (warehouses < 1) throw new IllegalArgumentException("warehouses must be at least 1, got " + warehouses);
        if (items < 15) throw new IllegalArgumentException("items must be at least 15, got " + items);
        if (customersPerDistrict < 1) {
            throw new IllegalArgumentException("customers per district must be at least 1, got " + customersPerDistrict);
        }
        if (ordersPerDistrict < 1 || ordersPerDistrict > customersPerDistrict) {
            throw new IllegalArgumentException("orders per district must be in 1.." + customersPerDistrict
                    + " (each initial order has its own customer), got " + ordersPerDistrict);
        }
    }

    /** The specification's population for W warehouses. */
    public static TpccScale standard(int warehouses) {
        return new TpccScale(warehouses, STANDARD_ITEMS, STANDARD_CUSTOMERS_PER_DISTRICT, STANDARD_ORDERS_PER_DISTRICT);
    }

    /** A reduced population for tests (not a valid TPC-C database; see the class comment). */
    public static TpccScale reduced(int warehouses, int items, int customersPerDistrict, int ordersPerDistrict) {
        return new TpccScale(warehouses, items, customersPerDistrict, ordersPerDistrict);
    }

    public boolean isStandard() {
        return items == STANDARD_ITEMS && customersPerDistrict == STANDARD_CUSTOMERS_PER_DISTRICT
                && ordersPerDistrict == STANDARD_ORDERS_PER_DISTRICT;
    }

    /**
     * The first initial order that is still undelivered (has a NEW_ORDER row): the last 30% of the
     * orders, 2,101 of 3,000 at standard size (clause 4.3.3.1).
     */
    public int firstNewOrder() {
        return ordersPerDistrict - (ordersPerDistrict * 3 / 10) + 1;
    }

    /** Initial NEW_ORDER rows per district (900 at standard size). */
    public int newOrdersPerDistrict() {
        return ordersPerDistrict - firstNewOrder() + 1;
    }

    /** The highest last-name number the run's NURand(255, 0, ...) may draw: 999, or fewer customers' names. */
    public int maxLastNameNumber() {
        return Math.min(999, customersPerDistrict - 1);
    }

    public int districts() {
        return warehouses * DISTRICTS_PER_WAREHOUSE;
    }

    @Override
    public String toString() {
        return isStandard() ? warehouses + " warehouse(s), standard size"
                : warehouses + " warehouse(s), REDUCED size: " + items + " items, " + customersPerDistrict
                        + " customers and " + ordersPerDistrict + " orders per district";
    }
}
