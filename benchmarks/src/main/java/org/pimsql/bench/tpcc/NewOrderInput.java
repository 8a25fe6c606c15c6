package org.pimsql.bench.tpcc;

import java.util.List;

/**
 * The input of one New-Order (clause 2.4.1): lines i = 0..n-1 are item {@code itemIds[i]} from warehouse
 * {@code supplyWarehouseIds[i]} in quantity {@code quantities[i]}. {@code rollback} marks the 1% whose last
 * item id is unused, so that the transaction rolls back (clause 2.4.1.4).
 */
public record NewOrderInput(int warehouseId, int districtId, int customerId, List<Integer> itemIds,
                            List<Integer> supplyWarehouseIds, List<Integer> quantities, boolean rollback) {
    public NewOrderInput {
        itemIds = List.copyOf(itemIds);
        supplyWarehouseIds = List.copyOf(supplyWarehouseIds);
        quantities = List.copyOf(quantities);
        if (itemIds.size() != supplyWarehouseIds.size() || itemIds.size() != quantities.size() || itemIds.isEmpty()
                || itemIds.size() > 15) {
            throw new IllegalArgumentException("a New-Order has 1..15 lines with an item, warehouse and quantity each");
        }
    }

    /** True when every line is supplied by the home warehouse (O_ALL_LOCAL = 1). */
    public boolean allLocal() {
        return supplyWarehouseIds.stream().allMatch(w -> w == warehouseId);
    }
}
