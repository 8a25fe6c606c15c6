package org.pimsql.bench.tpcc;

/** The input of one Order-Status (clause 2.6.1): the customer by last name (60%) or by id. */
public record OrderStatusInput(int warehouseId, int districtId, boolean byName, int customerId, String customerLast) {}
