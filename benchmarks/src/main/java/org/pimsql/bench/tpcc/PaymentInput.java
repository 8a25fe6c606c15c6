package org.pimsql.bench.tpcc;

import java.math.BigDecimal;

/**
 * The input of one Payment (clause 2.5.1): paid at district (warehouseId, districtId) by the customer of
 * district (customerWarehouseId, customerDistrictId), chosen by {@code customerLast} when {@code byName}
 * (60%), else by {@code customerId}.
 */
public record PaymentInput(int warehouseId, int districtId, int customerWarehouseId, int customerDistrictId,
                           boolean byName, int customerId, String customerLast, BigDecimal amount) {
    public boolean remote() {
        return customerWarehouseId != warehouseId;
    }
}
