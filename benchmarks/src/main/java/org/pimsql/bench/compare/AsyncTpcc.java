package org.pimsql.bench.compare;

import java.sql.SQLException;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.pimsql.bench.tpcc.NewOrderInput;
import org.pimsql.bench.tpcc.OrderStatusInput;
import org.pimsql.bench.tpcc.PaymentInput;
import org.pimsql.bench.tpcc.TpccInputs;
import org.pimsql.bench.tpcc.TpccScale;
import org.pimsql.host.jdbc.PimConnection;

/**
 * A TPC-C terminal that submits the example's procedures with {@code PimConnection.callAsync} and does not
 * wait: the same inputs and deck as a synchronous terminal, many transactions in flight. A New-Order
 * rolled back by its invalid item (SQLSTATE 45000) completes normally, as in the synchronous client.
 */
public final class AsyncTpcc {
    private final PimConnection connection;
    private final TpccInputs inputs;
    private Iterator<TpccInputs.Kind> deck = List.<TpccInputs.Kind>of().iterator();

    /** A terminal over {@code connection}, dealing its own deck from {@code inputs}. */
    public AsyncTpcc(PimConnection connection, TpccInputs inputs) {
        this.connection = connection;
        this.inputs = inputs;
    }

    private static Object[] args(int count, Object... leading) {
        Object[] a = Arrays.copyOf(leading, count); // OUT positions stay null
        return a;
    }

    /** Submits the next transaction of the terminal's deck. */
    public CompletableFuture<?> submit() throws SQLException {
        if (!deck.hasNext()) {
            deck = inputs.deck().iterator();
        }
        return submit(connection, deck.next(), inputs);
    }

    /** Submits one transaction of kind {@code kind} with the next inputs of that kind. */
    public static CompletableFuture<?> submit(PimConnection connection, TpccInputs.Kind kind, TpccInputs inputs)
            throws SQLException {
        return switch (kind) {
            case NEW_ORDER -> {
                NewOrderInput in = inputs.newOrder();
                yield connection.callAsync("NewOrder", args(16, in.warehouseId(), in.districtId(), in.customerId(),
                                in.itemIds(), in.supplyWarehouseIds(), in.quantities()))
                        .handle((result, failure) -> {
                            if (failure == null) {
                                return result;
                            }
                            Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                                    ? failure.getCause() : failure;
                            if (in.rollback() && cause instanceof SQLException e && "45000".equals(e.getSQLState())) {
                                return null; // the 1% that roll back by the rules (clause 2.4.1.4)
                            }
                            throw new CompletionException(cause);
                        });
            }
            case PAYMENT -> {
                PaymentInput in = inputs.payment();
                yield connection.callAsync("Payment", args(33, in.warehouseId(), in.districtId(),
                        in.customerWarehouseId(), in.customerDistrictId(), in.byName(),
                        in.byName() ? null : in.customerId(), in.byName() ? in.customerLast() : null, in.amount()));
            }
            case ORDER_STATUS -> {
                OrderStatusInput in = inputs.orderStatus();
                yield connection.callAsync("OrderStatus", args(11, in.warehouseId(), in.districtId(), in.byName(),
                        in.byName() ? null : in.customerId(), in.byName() ? in.customerLast() : null));
            }
            case DELIVERY -> {
                // one call per district, as the synchronous client does (clause 2.7.4.2, examples/tpcc)
                var in = inputs.delivery();
                var districts = new CompletableFuture<?>[TpccScale.DISTRICTS_PER_WAREHOUSE];
                for (int d = 1; d <= districts.length; d++) {
                    districts[d - 1] = connection.callAsync("Delivery", args(4, in.warehouseId(), d, (short) in.carrierId()));
                }
                yield CompletableFuture.allOf(districts);
            }
            case STOCK_LEVEL -> {
                var in = inputs.stockLevel();
                yield connection.callAsync("StockLevel", args(4, in.warehouseId(), in.districtId(), in.threshold()));
            }
        };
    }
}
