package org.pimsql.bench.tpcc;

/** The input of one Delivery (clause 2.7.1): the warehouse and a carrier in 1..10. */
public record DeliveryInput(int warehouseId, int carrierId) {}
