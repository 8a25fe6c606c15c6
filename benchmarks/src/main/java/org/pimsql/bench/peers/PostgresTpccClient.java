package org.pimsql.bench.peers;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.pimsql.bench.retry.RetryPolicy;
import org.pimsql.bench.retry.RetryingTransaction;
import org.pimsql.bench.tpcc.DeliveryInput;
import org.pimsql.bench.tpcc.NewOrderInput;
import org.pimsql.bench.tpcc.OrderStatusInput;
import org.pimsql.bench.tpcc.PaymentInput;
import org.pimsql.bench.tpcc.Rows;
import org.pimsql.bench.tpcc.StockLevelInput;
import org.pimsql.bench.tpcc.TpccClient;

/**
 * TPC-C on PostgreSQL: each transaction is one call of its PL/pgSQL function (resource
 * {@code pimsql/peers/tpcc-postgres.sql}) in its own SERIALIZABLE transaction; serialization failures
 * (40001, from the call, the reading of its result or the commit), deadlocks (40P01) and a duplicate key
 * from a concurrent insert (23505) roll back and run the whole transaction again ({@link RetryingTransaction}).
 * New-Order's 1% invalid item ends in SQLSTATE 45000 and is a rolled-back order, as on PimSQL.
 * New-Order's result lines are not returned (the function returns the order's totals only).
 */
public final class PostgresTpccClient implements TpccClient {
    static final RetryPolicy RETRY = RetryPolicy.POSTGRES.and("23505");
    private final Connection connection;
    private final RetryingTransaction tx;
    private final PreparedStatement newOrder;
    private final PreparedStatement payment;
    private final PreparedStatement orderStatus;
    private final PreparedStatement delivery;
    private final PreparedStatement stockLevel;

    public PostgresTpccClient(Connection connection, LongAdder retries) throws SQLException {
        this.connection = connection;
        connection.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
        this.tx = RetryingTransaction.explicit(connection, RETRY, retries);
        newOrder = connection.prepareStatement("SELECT * FROM tpcc_new_order(?, ?, ?, ?, ?, ?)");
        payment = connection.prepareStatement("SELECT r_c_id, r_c_last, r_c_credit, r_c_balance, r_c_data "
                + "FROM tpcc_payment(?, ?, ?, ?, ?, ?, ?, ?)");
        orderStatus = connection.prepareStatement("SELECT * FROM tpcc_order_status(?, ?, ?, ?, ?)");
        delivery = connection.prepareStatement("SELECT * FROM tpcc_delivery(?, CAST(? AS SMALLINT))");
        stockLevel = connection.prepareStatement("SELECT tpcc_stock_level(?, ?, ?)");
    }

    @Override
    public NewOrderResult newOrder(NewOrderInput in) throws SQLException {
        try {
            return tx.run(() -> {
                newOrder.setInt(1, in.warehouseId());
                newOrder.setInt(2, in.districtId());
                newOrder.setInt(3, in.customerId());
                newOrder.setArray(4, connection.createArrayOf("integer", in.itemIds().toArray()));
                newOrder.setArray(5, connection.createArrayOf("integer", in.supplyWarehouseIds().toArray()));
                newOrder.setArray(6, connection.createArrayOf("integer", in.quantities().toArray()));
                try (ResultSet rs = newOrder.executeQuery()) {
                    rs.next();
                    return new NewOrderResult(false, rs.getInt("r_o_id"), trim(rs.getString("r_c_last")),
                            trim(rs.getString("r_c_credit")), rs.getBigDecimal("r_c_discount"), rs.getBigDecimal("r_w_tax"),
                            rs.getBigDecimal("r_d_tax"), rs.getBigDecimal("r_total"), rs.getString("r_s_quantities"),
                            rs.getString("r_brand_generic"), List.of());
                }
            });
        } catch (SQLException e) {
            if (in.rollback() && "45000".equals(e.getSQLState())) {
                return NewOrderResult.rolledBackOrder();
            }
            throw e;
        }
    }

    @Override
    public PaymentResult payment(PaymentInput in) throws SQLException {
        return tx.run(() -> {
            payment.setInt(1, in.warehouseId());
            payment.setInt(2, in.districtId());
            payment.setInt(3, in.customerWarehouseId());
            payment.setInt(4, in.customerDistrictId());
            payment.setBoolean(5, in.byName());
            if (in.byName()) {
                payment.setNull(6, Types.INTEGER);
                payment.setString(7, in.customerLast());
            } else {
                payment.setInt(6, in.customerId());
                payment.setNull(7, Types.VARCHAR);
            }
            payment.setBigDecimal(8, in.amount());
            try (ResultSet rs = payment.executeQuery()) {
                rs.next();
                return new PaymentResult(rs.getInt(1), trim(rs.getString(2)), trim(rs.getString(3)), rs.getBigDecimal(4),
                        rs.getString(5));
            }
        });
    }

    @Override
    public OrderStatusResult orderStatus(OrderStatusInput in) throws SQLException {
        return tx.run(() -> {
            orderStatus.setInt(1, in.warehouseId());
            orderStatus.setInt(2, in.districtId());
            orderStatus.setBoolean(3, in.byName());
            if (in.byName()) {
                orderStatus.setNull(4, Types.INTEGER);
                orderStatus.setString(5, in.customerLast());
            } else {
                orderStatus.setInt(4, in.customerId());
                orderStatus.setNull(5, Types.VARCHAR);
            }
            int cId = 0;
            String cLast = null;
            java.math.BigDecimal balance = null;
            Integer oId = null;
            Integer carrier = null;
            var lines = new ArrayList<List<Object>>();
            try (ResultSet rs = orderStatus.executeQuery()) {
                while (rs.next()) {
                    cId = rs.getInt("r_c_id");
                    cLast = trim(rs.getString("r_c_last"));
                    balance = rs.getBigDecimal("r_c_balance");
                    oId = (Integer) rs.getObject("r_o_id");
                    Object c = rs.getObject("r_o_carrier_id");
                    carrier = c == null ? null : ((Number) c).intValue();
                    if (rs.getObject("ol_i_id") != null) {
                        lines.add(List.of(Rows.normalize(rs.getObject("ol_i_id")),
                                Rows.normalize(rs.getObject("ol_supply_w_id")), Rows.normalize(rs.getObject("ol_quantity")),
                                Rows.normalize(rs.getObject("ol_amount")),
                                java.util.Objects.requireNonNullElse(Rows.normalize(rs.getObject("ol_delivery_d")), "")));
                    }
                }
            }
            return new OrderStatusResult(cId, cLast, balance, oId, carrier, lines);
        });
    }

    @Override
    public DeliveryResult delivery(DeliveryInput in) throws SQLException {
        return tx.run(() -> {
            delivery.setInt(1, in.warehouseId());
            delivery.setInt(2, in.carrierId());
            try (ResultSet rs = delivery.executeQuery()) {
                rs.next();
                return new DeliveryResult(rs.getInt(1), rs.getString(2));
            }
        });
    }

    @Override
    public StockLevelResult stockLevel(StockLevelInput in) throws SQLException {
        return tx.run(() -> {
            stockLevel.setInt(1, in.warehouseId());
            stockLevel.setInt(2, in.districtId());
            stockLevel.setInt(3, in.threshold());
            try (ResultSet rs = stockLevel.executeQuery()) {
                rs.next();
                return new StockLevelResult(rs.getInt(1));
            }
        });
    }

    private static String trim(String s) {
        return s == null ? null : s.stripTrailing();
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
