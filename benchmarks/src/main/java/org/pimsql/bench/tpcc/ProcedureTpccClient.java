package org.pimsql.bench.tpcc;

import java.sql.Array;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.LongAdder;
import org.pimsql.bench.retry.RetryPolicy;
import org.pimsql.bench.retry.RetryingTransaction;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.jdbc.PimConnection;

/**
 * Calls the stored procedures of {@code examples/tpcc/procedures.sql} through {@link CallableStatement}s
 * prepared once per connection: works on PimSQL and on HSQLDB (the reference engine). Each call is a
 * transaction by itself (auto-commit; Delivery is ten of them, clause 2.7.4.2); on HSQLDB a call that lost
 * a conflict runs again ({@link RetryingTransaction#autoCommit}), PimSQL retries nothing. On PimSQL the ten
 * Delivery calls are submitted together ({@link PimConnection#callAsync}): they share an epoch instead of
 * waiting for ten in turn.
 */
public final class ProcedureTpccClient implements TpccClient {
    /** SQLSTATE of a user abort ({@code SIGNAL SQLSTATE '45000'}). */
    public static final String USER_ABORT = "45000";

    private final Connection connection;
    private final CallableStatement newOrder;
    private final CallableStatement payment;
    private final CallableStatement orderStatus;
    private final CallableStatement delivery;
    private final CallableStatement stockLevel;
    private final RetryingTransaction tx;
    /** The PimSQL connection behind {@code connection}, or null on another engine. */
    private final PimConnection pim;

    /** A client that retries nothing (PimSQL: calls are ordered before they run, none loses a conflict). */
    public ProcedureTpccClient(Connection connection) throws SQLException {
        this(connection, RetryPolicy.NONE, new LongAdder());
    }

    /** A client that runs a call again when it lost a conflict under {@code policy}, counted in {@code retries}. */
    public ProcedureTpccClient(Connection connection, RetryPolicy policy, LongAdder retries) throws SQLException {
        this.connection = connection;
        this.tx = RetryingTransaction.autoCommit(connection, policy, retries);
        this.pim = connection.isWrapperFor(PimConnection.class) ? connection.unwrap(PimConnection.class) : null;
        newOrder = connection.prepareCall("{call NewOrder(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)}");
        payment = connection.prepareCall("{call Payment(" + "?, ".repeat(32) + "?)}");
        orderStatus = connection.prepareCall("{call OrderStatus(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)}");
        delivery = connection.prepareCall("{call Delivery(?, ?, ?, ?)}");
        stockLevel = connection.prepareCall("{call StockLevel(?, ?, ?, ?)}");
    }

    public Connection connection() {
        return connection;
    }

    @Override
    public NewOrderResult newOrder(NewOrderInput in) throws SQLException {
        CallableStatement cs = newOrder;
        cs.setInt(1, in.warehouseId());
        cs.setInt(2, in.districtId());
        cs.setInt(3, in.customerId());
        cs.setArray(4, ints(in.itemIds()));
        cs.setArray(5, ints(in.supplyWarehouseIds()));
        cs.setArray(6, ints(in.quantities()));
        cs.setNull(7, Types.INTEGER);
        cs.registerOutParameter(7, Types.INTEGER);
        cs.registerOutParameter(8, Types.TIMESTAMP);
        cs.registerOutParameter(9, Types.VARCHAR);
        cs.registerOutParameter(10, Types.CHAR);
        for (int i = 11; i <= 14; i++) cs.registerOutParameter(i, Types.DECIMAL);
        cs.registerOutParameter(15, Types.VARCHAR);
        cs.registerOutParameter(16, Types.VARCHAR);
        try {
            return tx.run(() -> {
                cs.execute();
                List<List<Object>> lines = Rows.read(cs.getResultSet());
                return new NewOrderResult(false, cs.getInt(7), trim(cs.getString(9)), trim(cs.getString(10)),
                        cs.getBigDecimal(11), cs.getBigDecimal(12), cs.getBigDecimal(13), cs.getBigDecimal(14),
                        cs.getString(15), cs.getString(16), lines);
            });
        } catch (SQLException e) {
            if (in.rollback() && USER_ABORT.equals(e.getSQLState())) return NewOrderResult.rolledBackOrder();
            throw e;
        }
    }

    @Override
    public PaymentResult payment(PaymentInput in) throws SQLException {
        CallableStatement cs = payment;
        cs.setInt(1, in.warehouseId());
        cs.setInt(2, in.districtId());
        cs.setInt(3, in.customerWarehouseId());
        cs.setInt(4, in.customerDistrictId());
        cs.setBoolean(5, in.byName());
        if (in.byName()) cs.setNull(6, Types.INTEGER); else cs.setInt(6, in.customerId());
        cs.registerOutParameter(6, Types.INTEGER);
        if (in.byName()) cs.setString(7, in.customerLast()); else cs.setNull(7, Types.VARCHAR);
        cs.registerOutParameter(7, Types.VARCHAR);
        cs.setBigDecimal(8, in.amount());
        cs.registerOutParameter(9, Types.TIMESTAMP);
        int[] types = {Types.VARCHAR, Types.VARCHAR, Types.VARCHAR, Types.CHAR, Types.CHAR, // warehouse 10..14
                Types.VARCHAR, Types.VARCHAR, Types.VARCHAR, Types.CHAR, Types.CHAR,            // district 15..19
                Types.VARCHAR, Types.CHAR, Types.VARCHAR, Types.VARCHAR, Types.VARCHAR, Types.CHAR, Types.CHAR, // 20..26
                Types.CHAR, Types.TIMESTAMP, Types.CHAR, Types.DECIMAL, Types.DECIMAL, Types.DECIMAL, Types.VARCHAR}; // 27..33
        for (int i = 0; i < types.length; i++) cs.registerOutParameter(10 + i, types[i]);
        return tx.run(() -> {
            cs.execute();
            return new PaymentResult(cs.getInt(6), trim(cs.getString(7)), trim(cs.getString(29)), cs.getBigDecimal(32),
                    cs.getString(33));
        });
    }

    @Override
    public OrderStatusResult orderStatus(OrderStatusInput in) throws SQLException {
        CallableStatement cs = orderStatus;
        cs.setInt(1, in.warehouseId());
        cs.setInt(2, in.districtId());
        cs.setBoolean(3, in.byName());
        if (in.byName()) cs.setNull(4, Types.INTEGER); else cs.setInt(4, in.customerId());
        cs.registerOutParameter(4, Types.INTEGER);
        if (in.byName()) cs.setString(5, in.customerLast()); else cs.setNull(5, Types.VARCHAR);
        cs.registerOutParameter(5, Types.VARCHAR);
        cs.registerOutParameter(6, Types.VARCHAR);
        cs.registerOutParameter(7, Types.CHAR);
        cs.registerOutParameter(8, Types.DECIMAL);
        cs.setNull(9, Types.INTEGER);
        cs.registerOutParameter(9, Types.INTEGER);
        cs.registerOutParameter(10, Types.TIMESTAMP);
        cs.registerOutParameter(11, Types.SMALLINT);
        return tx.run(() -> {
            cs.execute();
            List<List<Object>> lines = Rows.read(cs.getResultSet());
            int oId = cs.getInt(9);
            Integer orderId = cs.wasNull() ? null : oId;
            int carrier = cs.getInt(11);
            Integer carrierId = cs.wasNull() ? null : carrier;
            return new OrderStatusResult(cs.getInt(4), trim(cs.getString(5)), cs.getBigDecimal(8), orderId, carrierId,
                    lines);
        });
    }

    /**
     * The deferred Delivery as ten calls of the per-district procedure, d = 1..10 (clause 2.7.4.2 allows "one
     * or more (up to 10) database transactions"); the result is the content of the result file.
     */
    @Override
    public DeliveryResult delivery(DeliveryInput in) throws SQLException {
        if (pim != null) {
            return deliveryTogether(in);
        }
        CallableStatement cs = delivery;
        int delivered = 0;
        var orderIds = new StringBuilder();
        for (int d = 1; d <= TpccScale.DISTRICTS_PER_WAREHOUSE; d++) {
            cs.setInt(1, in.warehouseId());
            cs.setInt(2, d);
            cs.setShort(3, (short) in.carrierId());
            cs.registerOutParameter(4, Types.INTEGER);
            Integer delivering = tx.run(() -> {
                cs.execute();
                int o = cs.getInt(4);
                return cs.wasNull() ? null : o;
            });
            int oId = 0;
            if (delivering != null) {
                oId = delivering;
                delivered++;
            }
            if (d > 1) orderIds.append(' ');
            orderIds.append(oId);
        }
        return new DeliveryResult(delivered, orderIds.toString());
    }

    /**
     * PimSQL: the ten per-district calls submitted at once, in district order (the sequencer keeps that
     * order), then awaited; each is still a transaction of its own.
     */
    private DeliveryResult deliveryTogether(DeliveryInput in) throws SQLException {
        var calls = new ArrayList<CompletableFuture<CallOutcome.Success>>();
        for (int d = 1; d <= TpccScale.DISTRICTS_PER_WAREHOUSE; d++) {
            calls.add(pim.callAsync("Delivery", in.warehouseId(), d, (short) in.carrierId(), null));
        }
        int delivered = 0;
        var orderIds = new StringBuilder();
        for (int d = 1; d <= calls.size(); d++) {
            Object oId = await(calls.get(d - 1)).outValues().get(3); // p_o_id: NULL when the district had none
            if (oId != null) {
                delivered++;
            }
            if (d > 1) orderIds.append(' ');
            orderIds.append(oId == null ? 0 : ((Number) oId).intValue());
        }
        return new DeliveryResult(delivered, orderIds.toString());
    }

    private static CallOutcome.Success await(CompletableFuture<CallOutcome.Success> call) throws SQLException {
        try {
            return call.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while waiting for a Delivery call", "HY008", e);
        } catch (ExecutionException | CompletionException e) {
            if (e.getCause() instanceof SQLException sql) {
                throw sql;
            }
            throw new SQLException("a Delivery call failed: " + e.getCause(), "XX000", e.getCause());
        }
    }

    @Override
    public StockLevelResult stockLevel(StockLevelInput in) throws SQLException {
        CallableStatement cs = stockLevel;
        cs.setInt(1, in.warehouseId());
        cs.setInt(2, in.districtId());
        cs.setInt(3, in.threshold());
        cs.registerOutParameter(4, Types.INTEGER);
        return tx.run(() -> {
            cs.execute();
            return new StockLevelResult(cs.getInt(4));
        });
    }

    private Array ints(List<Integer> values) throws SQLException {
        return connection.createArrayOf("INTEGER", values.toArray(Integer[]::new));
    }

    private static String trim(String s) {
        return s == null ? null : s.stripTrailing();
    }

    @Override
    public void close() throws SQLException {
        for (CallableStatement cs : List.of(newOrder, payment, orderStatus, delivery, stockLevel)) cs.close();
    }
}
