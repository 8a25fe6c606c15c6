package org.pimsql.bench.tpcc;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.List;

/**
 * One terminal's connection to a TPC-C database: one method per transaction. A New-Order that rolls back
 * as clause 2.4.1.4 asks (its unused item) returns {@link NewOrderResult#rolledBack()} instead of throwing;
 * every other failure is an {@link SQLException}. Implementations: {@link ProcedureTpccClient} (the
 * example's stored procedures, on PimSQL and HSQLDB); peer engines add their own.
 */
public interface TpccClient extends AutoCloseable {
    NewOrderResult newOrder(NewOrderInput in) throws SQLException;

    PaymentResult payment(PaymentInput in) throws SQLException;

    OrderStatusResult orderStatus(OrderStatusInput in) throws SQLException;

    DeliveryResult delivery(DeliveryInput in) throws SQLException;

    StockLevelResult stockLevel(StockLevelInput in) throws SQLException;

    @Override
    void close() throws SQLException;

    /**
     * New-Order's output (clause 2.4.3.3); {@code lines} are the result set's rows (number, supply warehouse,
     * item, name, quantity, price, amount), values normalized by {@link Rows#normalize}. A rolled-back order
     * has only {@code rolledBack} set.
     */
    record NewOrderResult(boolean rolledBack, int orderId, String customerLast, String customerCredit,
                          BigDecimal discount, BigDecimal warehouseTax, BigDecimal districtTax, BigDecimal total,
                          String stockQuantities, String brandGeneric, List<List<Object>> lines) {
        public static NewOrderResult rolledBackOrder() {
            return new NewOrderResult(true, 0, null, null, null, null, null, null, null, null, List.of());
        }
    }

    /** Payment's output: the customer it found and the balance and data after the payment. */
    record PaymentResult(int customerId, String customerLast, String customerCredit, BigDecimal customerBalance,
                         String customerData) {}

    /**
     * Order-Status's output; {@code orderId} is null when the customer has no order; {@code lines} are
     * (item, supply warehouse, quantity, amount, delivery date).
     */
    record OrderStatusResult(int customerId, String customerLast, BigDecimal customerBalance, Integer orderId,
                             Integer carrierId, List<List<Object>> lines) {}

    /** Delivery's output: districts delivered and the order id of each of the ten (0 when skipped). */
    record DeliveryResult(int delivered, String orderIds) {}

    /** Stock-Level's output: the number of distinct low-stock items. */
    record StockLevelResult(int lowStock) {}
}
