package org.pimsql.bench.peers;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
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
 * TPC-C on H2 with the transactions as JDBC statements, one explicit transaction each, statement for
 * statement the logic of examples/tpcc/procedures.sql (the client computes what the procedures compute in
 * SQL/PSM variables). The connection runs at SERIALIZABLE; H2 reports conflicting updates as 90131
 * (concurrent update), 40001 (deadlock), HYT00 (lock timeout) or, for MAX + 1 keys inserted concurrently,
 * 23505: those roll back and run the whole transaction again ({@link RetryingTransaction}).
 */
public final class H2TpccClient implements TpccClient {
    static final RetryPolicy RETRY = RetryPolicy.H2.and("23505");
    private final Connection connection;
    private final RetryingTransaction tx;
    private final PreparedStatement itemPrice;
    private final PreparedStatement itemRow;
    private final PreparedStatement warehouseTax;
    private final PreparedStatement districtNext;
    private final PreparedStatement districtBump;
    private final PreparedStatement customerForOrder;
    private final PreparedStatement insertNewOrder;
    private final PreparedStatement insertOrder;
    private final PreparedStatement stockRow;
    private final PreparedStatement stockUpdate;
    private final PreparedStatement insertLine;
    private final PreparedStatement warehouseYtd;
    private final PreparedStatement warehouseRow;
    private final PreparedStatement districtYtd;
    private final PreparedStatement districtRow;
    private final PreparedStatement countByName;
    private final PreparedStatement idByName;
    private final PreparedStatement customerRow;
    private final PreparedStatement customerPayBc;
    private final PreparedStatement customerData;
    private final PreparedStatement customerPay;
    private final PreparedStatement nextHistoryKey;
    private final PreparedStatement historyKey;
    private final PreparedStatement insertHistory;
    private final PreparedStatement customerStatus;
    private final PreparedStatement lastOrder;
    private final PreparedStatement orderLines;
    private final PreparedStatement newOrderHead;
    private final PreparedStatement advanceNewOrderHead;
    private final PreparedStatement deleteNewOrder;
    private final PreparedStatement orderCustomer;
    private final PreparedStatement setCarrier;
    private final PreparedStatement deliverLines;
    private final PreparedStatement linesTotal;
    private final PreparedStatement creditCustomer;
    private final PreparedStatement districtNextRead;
    private final PreparedStatement lowStock;

    public H2TpccClient(Connection connection, LongAdder retries) throws SQLException {
        this.connection = connection;
        connection.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
        this.tx = RetryingTransaction.explicit(connection, RETRY, retries);
        itemPrice = connection.prepareStatement("SELECT i_price FROM item WHERE i_id = ?");
        itemRow = connection.prepareStatement("SELECT i_price, i_name, i_data FROM item WHERE i_id = ?");
        warehouseTax = connection.prepareStatement("SELECT w_tax FROM warehouse WHERE w_id = ?");
        districtNext = connection.prepareStatement(
                "SELECT d_tax, d_next_o_id FROM district WHERE d_w_id = ? AND d_id = ? FOR UPDATE");
        districtBump = connection.prepareStatement(
                "UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = ? AND d_id = ?");
        customerForOrder = connection.prepareStatement(
                "SELECT c_discount, c_last, c_credit FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        insertNewOrder = connection.prepareStatement("INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)");
        insertOrder = connection.prepareStatement("INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, "
                + "o_carrier_id, o_ol_cnt, o_all_local) VALUES (?, ?, ?, ?, ?, NULL, ?, ?)");
        stockRow = connection.prepareStatement("SELECT s_quantity, s_data, s_dist_01, s_dist_02, s_dist_03, s_dist_04, "
                + "s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10 FROM stock "
                + "WHERE s_w_id = ? AND s_i_id = ? FOR UPDATE");
        stockUpdate = connection.prepareStatement("UPDATE stock SET s_quantity = ?, s_ytd = s_ytd + ?, "
                + "s_order_cnt = s_order_cnt + 1, s_remote_cnt = s_remote_cnt + ? WHERE s_w_id = ? AND s_i_id = ?");
        insertLine = connection.prepareStatement("INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, "
                + "ol_supply_w_id, ol_delivery_d, ol_quantity, ol_amount, ol_dist_info) VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)");
        warehouseYtd = connection.prepareStatement("UPDATE warehouse SET w_ytd = w_ytd + ? WHERE w_id = ?");
        warehouseRow = connection.prepareStatement(
                "SELECT w_name, w_street_1, w_street_2, w_city, w_state, w_zip FROM warehouse WHERE w_id = ?");
        districtYtd = connection.prepareStatement("UPDATE district SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?");
        districtRow = connection.prepareStatement("SELECT d_name, d_street_1, d_street_2, d_city, d_state, d_zip "
                + "FROM district WHERE d_w_id = ? AND d_id = ?");
        countByName = connection.prepareStatement(
                "SELECT COUNT(*) FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_last = ?");
        idByName = connection.prepareStatement("SELECT c_id FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? "
                + "ORDER BY c_first, c_id LIMIT 1 OFFSET ?");
        customerRow = connection.prepareStatement("SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, "
                + "c_state, c_zip, c_phone, c_since, c_credit, c_credit_lim, c_discount, c_balance FROM customer "
                + "WHERE c_w_id = ? AND c_d_id = ? AND c_id = ? FOR UPDATE");
        customerPayBc = connection.prepareStatement("UPDATE customer SET c_balance = ?, c_ytd_payment = c_ytd_payment + ?, "
                + "c_payment_cnt = c_payment_cnt + 1, c_data = SUBSTRING(? || c_data FROM 1 FOR 500) "
                + "WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        customerData = connection.prepareStatement("SELECT SUBSTRING(c_data FROM 1 FOR 200) FROM customer "
                + "WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        customerPay = connection.prepareStatement("UPDATE customer SET c_balance = ?, c_ytd_payment = c_ytd_payment + ?, "
                + "c_payment_cnt = c_payment_cnt + 1 WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        nextHistoryKey = connection.prepareStatement("UPDATE history_key SET hk_last_id = hk_last_id + 1 WHERE hk_w_id = ?");
        historyKey = connection.prepareStatement("SELECT hk_last_id FROM history_key WHERE hk_w_id = ?");
        insertHistory = connection.prepareStatement("INSERT INTO history (h_id, h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, "
                + "h_date, h_amount, h_data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
        customerStatus = connection.prepareStatement("SELECT c_first, c_middle, c_last, c_balance FROM customer "
                + "WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        lastOrder = connection.prepareStatement("SELECT o_id, o_entry_d, o_carrier_id FROM orders "
                + "WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ? ORDER BY o_id DESC LIMIT 1");
        orderLines = connection.prepareStatement("SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d "
                + "FROM order_line WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ? ORDER BY ol_number");
        // the oldest new order is the head of the district's queue (examples/tpcc/README.md, "Two helper tables")
        newOrderHead = connection.prepareStatement(
                "SELECT nh_o_id FROM new_order_head WHERE nh_w_id = ? AND nh_d_id = ? FOR UPDATE");
        advanceNewOrderHead = connection.prepareStatement(
                "UPDATE new_order_head SET nh_o_id = nh_o_id + 1 WHERE nh_w_id = ? AND nh_d_id = ?");
        deleteNewOrder = connection.prepareStatement(
                "DELETE FROM new_order WHERE no_w_id = ? AND no_d_id = ? AND no_o_id = ?");
        orderCustomer = connection.prepareStatement("SELECT o_c_id FROM orders WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?");
        setCarrier = connection.prepareStatement(
                "UPDATE orders SET o_carrier_id = ? WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?");
        deliverLines = connection.prepareStatement("UPDATE order_line SET ol_delivery_d = CURRENT_TIMESTAMP "
                + "WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?");
        linesTotal = connection.prepareStatement("SELECT SUM(ol_amount) FROM order_line "
                + "WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?");
        creditCustomer = connection.prepareStatement("UPDATE customer SET c_balance = c_balance + ?, "
                + "c_delivery_cnt = c_delivery_cnt + 1 WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        districtNextRead = connection.prepareStatement("SELECT d_next_o_id FROM district WHERE d_w_id = ? AND d_id = ?");
        lowStock = connection.prepareStatement("SELECT COUNT(DISTINCT s_i_id) FROM order_line, stock "
                + "WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id < ? AND ol_o_id >= ? AND s_w_id = ? AND s_i_id = ol_i_id "
                + "AND s_quantity < ?");
    }

    private static SQLException userAbort(String message) {
        return new SQLException(message, "45000");
    }

    @Override
    public NewOrderResult newOrder(NewOrderInput in) throws SQLException {
        try {
            return tx.run(() -> newOrderBody(in));
        } catch (SQLException e) {
            if (in.rollback() && "45000".equals(e.getSQLState())) {
                return NewOrderResult.rolledBackOrder();
            }
            throw e;
        }
    }

    private NewOrderResult newOrderBody(NewOrderInput in) throws SQLException {
        int w = in.warehouseId();
        int d = in.districtId();
        int n = in.itemIds().size();
        for (int i = 0; i < n; i++) {
            itemPrice.setInt(1, in.itemIds().get(i));
            try (ResultSet rs = itemPrice.executeQuery()) {
                if (!rs.next()) {
                    throw userAbort("Item number is not valid");
                }
            }
        }
        Timestamp now = new Timestamp(System.currentTimeMillis());
        BigDecimal wTax = one(warehouseTax, w).getBigDecimal(1);
        districtNext.setInt(1, w);
        districtNext.setInt(2, d);
        BigDecimal dTax;
        int oId;
        try (ResultSet rs = districtNext.executeQuery()) {
            rs.next();
            dTax = rs.getBigDecimal(1);
            oId = rs.getInt(2);
        }
        districtBump.setInt(1, w);
        districtBump.setInt(2, d);
        districtBump.executeUpdate();
        customerForOrder.setInt(1, w);
        customerForOrder.setInt(2, d);
        customerForOrder.setInt(3, in.customerId());
        BigDecimal discount;
        String cLast;
        String credit;
        try (ResultSet rs = customerForOrder.executeQuery()) {
            rs.next();
            discount = rs.getBigDecimal(1);
            cLast = rs.getString(2);
            credit = rs.getString(3);
        }
        insertNewOrder.setInt(1, oId);
        insertNewOrder.setInt(2, d);
        insertNewOrder.setInt(3, w);
        insertNewOrder.executeUpdate();
        insertOrder.setInt(1, oId);
        insertOrder.setInt(2, d);
        insertOrder.setInt(3, w);
        insertOrder.setInt(4, in.customerId());
        insertOrder.setTimestamp(5, now);
        insertOrder.setInt(6, n);
        insertOrder.setInt(7, in.allLocal() ? 1 : 0);
        insertOrder.executeUpdate();
        BigDecimal sum = BigDecimal.ZERO;
        var quantities = new StringBuilder();
        var brandGeneric = new StringBuilder();
        for (int i = 0; i < n; i++) {
            int item = in.itemIds().get(i);
            int supply = in.supplyWarehouseIds().get(i);
            int qty = in.quantities().get(i);
            itemRow.setInt(1, item);
            BigDecimal price;
            String iData;
            try (ResultSet rs = itemRow.executeQuery()) {
                rs.next();
                price = rs.getBigDecimal(1);
                iData = rs.getString(3);
            }
            stockRow.setInt(1, supply);
            stockRow.setInt(2, item);
            int sQuantity;
            String sData;
            String distInfo;
            try (ResultSet rs = stockRow.executeQuery()) {
                rs.next();
                sQuantity = rs.getInt(1);
                sData = rs.getString(2);
                distInfo = rs.getString(2 + d);
            }
            sQuantity = sQuantity >= qty + 10 ? sQuantity - qty : sQuantity - qty + 91;
            stockUpdate.setInt(1, sQuantity);
            stockUpdate.setInt(2, qty);
            stockUpdate.setInt(3, supply != w ? 1 : 0);
            stockUpdate.setInt(4, supply);
            stockUpdate.setInt(5, item);
            stockUpdate.executeUpdate();
            BigDecimal amount = price.multiply(BigDecimal.valueOf(qty)).setScale(2, RoundingMode.HALF_UP);
            sum = sum.add(amount);
            brandGeneric.append(iData.contains("ORIGINAL") && sData.contains("ORIGINAL") ? 'B' : 'G');
            quantities.append(String.format("%03d", sQuantity));
            insertLine.setInt(1, oId);
            insertLine.setInt(2, d);
            insertLine.setInt(3, w);
            insertLine.setInt(4, i + 1);
            insertLine.setInt(5, item);
            insertLine.setInt(6, supply);
            insertLine.setInt(7, qty);
            insertLine.setBigDecimal(8, amount);
            insertLine.setString(9, distInfo);
            insertLine.executeUpdate();
        }
        BigDecimal total = sum.multiply(BigDecimal.ONE.subtract(discount)).multiply(BigDecimal.ONE.add(wTax).add(dTax))
                .setScale(2, RoundingMode.HALF_UP);
        return new NewOrderResult(false, oId, cLast.stripTrailing(), credit.stripTrailing(), discount, wTax, dTax, total,
                quantities.toString(), brandGeneric.toString(), List.of());
    }

    private static ResultSet one(PreparedStatement ps, int key) throws SQLException {
        ps.setInt(1, key);
        ResultSet rs = ps.executeQuery();
        if (!rs.next()) {
            throw new SQLException("no row for key " + key, "02000");
        }
        return rs;
    }

    /** The customer's id: given, or the middle one (position ceil(n / 2)) of those with the last name. */
    private int customerId(int w, int d, boolean byName, int id, String last, String who) throws SQLException {
        if (!byName) {
            return id;
        }
        countByName.setInt(1, w);
        countByName.setInt(2, d);
        countByName.setString(3, last);
        int count;
        try (ResultSet rs = countByName.executeQuery()) {
            rs.next();
            count = rs.getInt(1);
        }
        if (count == 0) {
            throw userAbort(who + ": no customer with this last name");
        }
        idByName.setInt(1, w);
        idByName.setInt(2, d);
        idByName.setString(3, last);
        idByName.setInt(4, (count - 1) / 2);
        try (ResultSet rs = idByName.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @Override
    public PaymentResult payment(PaymentInput in) throws SQLException {
        return tx.run(() -> {
            int w = in.warehouseId();
            int d = in.districtId();
            int cw = in.customerWarehouseId();
            int cd = in.customerDistrictId();
            Timestamp now = new Timestamp(System.currentTimeMillis());
            warehouseYtd.setBigDecimal(1, in.amount());
            warehouseYtd.setInt(2, w);
            warehouseYtd.executeUpdate();
            String wName;
            try (ResultSet rs = one(warehouseRow, w)) {
                wName = rs.getString(1);
            }
            districtYtd.setBigDecimal(1, in.amount());
            districtYtd.setInt(2, w);
            districtYtd.setInt(3, d);
            districtYtd.executeUpdate();
            districtRow.setInt(1, w);
            districtRow.setInt(2, d);
            String dName;
            try (ResultSet rs = districtRow.executeQuery()) {
                rs.next();
                dName = rs.getString(1);
            }
            int cId = customerId(cw, cd, in.byName(), in.customerId(), in.customerLast(), "Payment");
            customerRow.setInt(1, cw);
            customerRow.setInt(2, cd);
            customerRow.setInt(3, cId);
            String cLast;
            String credit;
            BigDecimal balance;
            try (ResultSet rs = customerRow.executeQuery()) {
                if (!rs.next()) {
                    throw userAbort("Payment: unknown customer");
                }
                cLast = rs.getString(3);
                credit = rs.getString(11);
                balance = rs.getBigDecimal(14);
            }
            balance = balance.subtract(in.amount());
            String data = "";
            if ("BC".equals(credit)) {
                customerPayBc.setBigDecimal(1, balance);
                customerPayBc.setBigDecimal(2, in.amount());
                customerPayBc.setString(3, cId + " " + cd + " " + cw + " " + d + " " + w + " " + in.amount() + " | ");
                customerPayBc.setInt(4, cw);
                customerPayBc.setInt(5, cd);
                customerPayBc.setInt(6, cId);
                customerPayBc.executeUpdate();
                customerData.setInt(1, cw);
                customerData.setInt(2, cd);
                customerData.setInt(3, cId);
                try (ResultSet rs = customerData.executeQuery()) {
                    rs.next();
                    data = rs.getString(1);
                }
            } else {
                customerPay.setBigDecimal(1, balance);
                customerPay.setBigDecimal(2, in.amount());
                customerPay.setInt(3, cw);
                customerPay.setInt(4, cd);
                customerPay.setInt(5, cId);
                customerPay.executeUpdate();
            }
            nextHistoryKey.setInt(1, w);
            nextHistoryKey.executeUpdate();
            long hId;
            try (ResultSet rs = one(historyKey, w)) {
                hId = rs.getLong(1);
            }
            insertHistory.setLong(1, hId);
            insertHistory.setInt(2, cId);
            insertHistory.setInt(3, cd);
            insertHistory.setInt(4, cw);
            insertHistory.setInt(5, d);
            insertHistory.setInt(6, w);
            insertHistory.setTimestamp(7, now);
            insertHistory.setBigDecimal(8, in.amount());
            insertHistory.setString(9, wName + "    " + dName);
            insertHistory.executeUpdate();
            return new PaymentResult(cId, cLast.stripTrailing(), credit.stripTrailing(), balance, data);
        });
    }

    @Override
    public OrderStatusResult orderStatus(OrderStatusInput in) throws SQLException {
        return tx.run(() -> {
            int w = in.warehouseId();
            int d = in.districtId();
            int cId = customerId(w, d, in.byName(), in.customerId(), in.customerLast(), "OrderStatus");
            customerStatus.setInt(1, w);
            customerStatus.setInt(2, d);
            customerStatus.setInt(3, cId);
            String cLast;
            BigDecimal balance;
            try (ResultSet rs = customerStatus.executeQuery()) {
                if (!rs.next()) {
                    throw userAbort("OrderStatus: unknown customer");
                }
                cLast = rs.getString(3);
                balance = rs.getBigDecimal(4);
            }
            lastOrder.setInt(1, w);
            lastOrder.setInt(2, d);
            lastOrder.setInt(3, cId);
            Integer oId = null;
            Integer carrier = null;
            try (ResultSet rs = lastOrder.executeQuery()) {
                if (rs.next()) {
                    oId = rs.getInt(1);
                    int c = rs.getInt(3);
                    carrier = rs.wasNull() ? null : c;
                }
            }
            var lines = new ArrayList<List<Object>>();
            if (oId != null) {
                orderLines.setInt(1, w);
                orderLines.setInt(2, d);
                orderLines.setInt(3, oId);
                lines.addAll(Rows.read(orderLines.executeQuery()));
            }
            return new OrderStatusResult(cId, cLast.stripTrailing(), balance, oId, carrier, lines);
        });
    }

    @Override
    public DeliveryResult delivery(DeliveryInput in) throws SQLException {
        return tx.run(() -> {
            int w = in.warehouseId();
            int delivered = 0;
            var ids = new StringBuilder();
            for (int d = 1; d <= 10; d++) {
                newOrderHead.setInt(1, w);
                newOrderHead.setInt(2, d);
                int oId;
                try (ResultSet rs = newOrderHead.executeQuery()) {
                    if (!rs.next()) {
                        throw new SQLException("no new_order_head row for district " + w + "/" + d, "02000");
                    }
                    oId = rs.getInt(1);
                }
                deleteNewOrder.setInt(1, w);
                deleteNewOrder.setInt(2, d);
                deleteNewOrder.setInt(3, oId);
                if (deleteNewOrder.executeUpdate() != 1) {
                    oId = 0; // the head is D_NEXT_O_ID: the district has no undelivered order
                } else {
                    advanceNewOrderHead.setInt(1, w);
                    advanceNewOrderHead.setInt(2, d);
                    advanceNewOrderHead.executeUpdate();
                    orderCustomer.setInt(1, w);
                    orderCustomer.setInt(2, d);
                    orderCustomer.setInt(3, oId);
                    int cId;
                    try (ResultSet rs = orderCustomer.executeQuery()) {
                        rs.next();
                        cId = rs.getInt(1);
                    }
                    setCarrier.setInt(1, in.carrierId());
                    setCarrier.setInt(2, w);
                    setCarrier.setInt(3, d);
                    setCarrier.setInt(4, oId);
                    setCarrier.executeUpdate();
                    deliverLines.setInt(1, w);
                    deliverLines.setInt(2, d);
                    deliverLines.setInt(3, oId);
                    deliverLines.executeUpdate();
                    linesTotal.setInt(1, w);
                    linesTotal.setInt(2, d);
                    linesTotal.setInt(3, oId);
                    BigDecimal amount;
                    try (ResultSet rs = linesTotal.executeQuery()) {
                        rs.next();
                        amount = rs.getBigDecimal(1);
                    }
                    creditCustomer.setBigDecimal(1, amount);
                    creditCustomer.setInt(2, w);
                    creditCustomer.setInt(3, d);
                    creditCustomer.setInt(4, cId);
                    creditCustomer.executeUpdate();
                    delivered++;
                }
                ids.append(oId);
                if (d < 10) {
                    ids.append(' ');
                }
            }
            return new DeliveryResult(delivered, ids.toString());
        });
    }

    @Override
    public StockLevelResult stockLevel(StockLevelInput in) throws SQLException {
        return tx.run(() -> {
            districtNextRead.setInt(1, in.warehouseId());
            districtNextRead.setInt(2, in.districtId());
            int next;
            try (ResultSet rs = districtNextRead.executeQuery()) {
                rs.next();
                next = rs.getInt(1);
            }
            lowStock.setInt(1, in.warehouseId());
            lowStock.setInt(2, in.districtId());
            lowStock.setInt(3, next);
            lowStock.setInt(4, next - 20);
            lowStock.setInt(5, in.warehouseId());
            lowStock.setInt(6, in.threshold());
            try (ResultSet rs = lowStock.executeQuery()) {
                rs.next();
                return new StockLevelResult(rs.getInt(1));
            }
        });
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
