-- The five TPC-C transactions, written to the profiles of clause 2 of the specification
-- (2.4 New-Order, 2.5 Payment, 2.6 Order-Status, 2.7 Delivery, 2.8 Stock-Level).
-- A user abort (SIGNAL SQLSTATE '45000') rolls back everything the call wrote.

-- 2.4 New-Order. Line i of the order is item p_item_ids[i], supplied by warehouse
-- p_supply_w_ids[i], in quantity p_quantities[i] (5 to 15 lines; all three arrays have the same
-- length). An unused item id (1% of the calls, clause 2.4.1.4) rolls the whole transaction back
-- with SQLSTATE '45000' and the message 'Item number is not valid'.
-- Outputs (clause 2.4.3.3): the order id and entry date, the customer's last name, credit and
-- discount, the taxes, the total amount, and per line, in line order, the stock quantity after the
-- update as three digits in p_s_quantities and 'B' (brand) or 'G' (generic) in p_brand_generic;
-- the result set lists the lines with their item's name and price. p_o_id is INOUT only because
-- a cursor may read parameters but not the procedure's own variables (as in HSQLDB): its input
-- value is ignored.
CREATE PROCEDURE NewOrder(IN p_w_id INTEGER, IN p_d_id INTEGER, IN p_c_id INTEGER,
                          IN p_item_ids INTEGER ARRAY[15],
                          IN p_supply_w_ids INTEGER ARRAY[15],
                          IN p_quantities INTEGER ARRAY[15],
                          INOUT p_o_id INTEGER, OUT p_o_entry_d TIMESTAMP,
                          OUT p_c_last VARCHAR(16), OUT p_c_credit CHAR(2),
                          OUT p_c_discount DECIMAL(4,4),
                          OUT p_w_tax DECIMAL(4,4), OUT p_d_tax DECIMAL(4,4),
                          OUT p_total DECIMAL(12,2),
                          OUT p_s_quantities VARCHAR(45), OUT p_brand_generic VARCHAR(15))
    MODIFIES SQL DATA
    DYNAMIC RESULT SETS 1
BEGIN ATOMIC
    DECLARE v_ol_cnt INTEGER;
    DECLARE v_all_local INTEGER DEFAULT 1;
    DECLARE v_now TIMESTAMP;
    DECLARE v_w_tax DECIMAL(4,4);
    DECLARE v_d_tax DECIMAL(4,4);
    DECLARE v_o_id INTEGER;
    DECLARE v_c_last VARCHAR(16);
    DECLARE v_c_credit CHAR(2);
    DECLARE v_c_discount DECIMAL(4,4);
    DECLARE i INTEGER DEFAULT 1;
    DECLARE v_i_id INTEGER;
    DECLARE v_qty INTEGER;
    DECLARE v_i_price DECIMAL(5,2);
    DECLARE v_i_name VARCHAR(24);
    DECLARE v_i_data VARCHAR(50);
    DECLARE v_s_quantity INTEGER;
    DECLARE v_s_data VARCHAR(50);
    DECLARE v_dist_info CHAR(24);
    DECLARE v_amount DECIMAL(6,2);
    DECLARE v_sum DECIMAL(12,2) DEFAULT 0;
    DECLARE v_s_quantities VARCHAR(45) DEFAULT '';
    DECLARE v_brand_generic VARCHAR(15) DEFAULT '';
    DECLARE order_lines CURSOR WITH RETURN FOR
        SELECT ol_number, ol_supply_w_id, ol_i_id, i_name, ol_quantity, i_price, ol_amount
        FROM order_line, item
        WHERE ol_w_id = p_w_id AND ol_d_id = p_d_id AND ol_o_id = p_o_id AND i_id = ol_i_id
        ORDER BY ol_number;

    SET v_ol_cnt = CARDINALITY(p_item_ids);
    IF v_ol_cnt < 1 OR CARDINALITY(p_supply_w_ids) <> v_ol_cnt
            OR CARDINALITY(p_quantities) <> v_ol_cnt THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'NewOrder: item, supply warehouse and quantity lists differ in length';
    END IF;
    SET v_now = CURRENT_TIMESTAMP;

    SELECT w_tax INTO v_w_tax FROM warehouse WHERE w_id = p_w_id;
    SELECT d_tax, d_next_o_id INTO v_d_tax, v_o_id
        FROM district WHERE d_w_id = p_w_id AND d_id = p_d_id;
    UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = p_w_id AND d_id = p_d_id;
    SELECT c_discount, c_last, c_credit INTO v_c_discount, v_c_last, v_c_credit
        FROM customer WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_id = p_c_id;

    INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (v_o_id, p_d_id, p_w_id);

    -- One loop over the lines. An unused item id rolls the whole transaction back (clause 2.4.2.3)
    -- with everything it wrote so far. The check and the line's work are one IF, the loop body's
    -- last statement: HSQLDB 2.7 loses an error raised by an earlier statement of a WHILE body.
    -- (HSQLDB keeps a variable's old value when SELECT INTO finds no row, so v_i_price is cleared
    -- first.)
    WHILE i <= v_ol_cnt DO
        SET v_i_id = p_item_ids[i];
        SET v_qty = p_quantities[i];
        SET v_i_price = NULL;
        SELECT i_price, i_name, i_data INTO v_i_price, v_i_name, v_i_data
            FROM item WHERE i_id = v_i_id;
        IF v_i_price IS NULL THEN
            SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'Item number is not valid';
        ELSE
            IF p_supply_w_ids[i] <> p_w_id THEN
                SET v_all_local = 0;
            END IF;
            SELECT s_quantity, s_data,
                   CASE p_d_id WHEN 1 THEN s_dist_01 WHEN 2 THEN s_dist_02 WHEN 3 THEN s_dist_03
                               WHEN 4 THEN s_dist_04 WHEN 5 THEN s_dist_05 WHEN 6 THEN s_dist_06
                               WHEN 7 THEN s_dist_07 WHEN 8 THEN s_dist_08 WHEN 9 THEN s_dist_09
                               ELSE s_dist_10 END
                INTO v_s_quantity, v_s_data, v_dist_info
                FROM stock WHERE s_w_id = p_supply_w_ids[i] AND s_i_id = v_i_id;
            -- Clause 2.4.2.2: take the quantity off the stock, restocking by 91 when fewer than 10
            -- would remain.
            IF v_s_quantity >= v_qty + 10 THEN
                SET v_s_quantity = v_s_quantity - v_qty;
            ELSE
                SET v_s_quantity = v_s_quantity - v_qty + 91;
            END IF;
            UPDATE stock
                SET s_quantity = v_s_quantity,
                    s_ytd = s_ytd + v_qty,
                    s_order_cnt = s_order_cnt + 1,
                    s_remote_cnt = s_remote_cnt + CASE WHEN p_supply_w_ids[i] <> p_w_id THEN 1 ELSE 0 END
                WHERE s_w_id = p_supply_w_ids[i] AND s_i_id = v_i_id;

            SET v_amount = v_qty * v_i_price;
            SET v_sum = v_sum + v_amount;

            -- Brand-generic (clause 2.4.2.2): 'B' when both I_DATA and S_DATA contain the string
            -- "ORIGINAL", else 'G'.
            SET v_brand_generic = v_brand_generic
                || CASE WHEN POSITION('ORIGINAL' IN v_i_data) > 0 AND POSITION('ORIGINAL' IN v_s_data) > 0
                        THEN 'B' ELSE 'G' END;
            -- S_QUANTITY is between 10 and 100 after the update: print it as three digits.
            SET v_s_quantities = v_s_quantities || SUBSTRING(CAST(1000 + v_s_quantity AS VARCHAR(4)) FROM 2 FOR 3);

            INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id,
                                    ol_delivery_d, ol_quantity, ol_amount, ol_dist_info)
                VALUES (v_o_id, p_d_id, p_w_id, i, v_i_id, p_supply_w_ids[i],
                        NULL, v_qty, v_amount, v_dist_info);
            SET i = i + 1;
        END IF;
    END WHILE;
    -- O_ALL_LOCAL is 1 when every line is supplied by the home warehouse: known after the loop.
    INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local)
        VALUES (v_o_id, p_d_id, p_w_id, p_c_id, v_now, NULL, v_ol_cnt, v_all_local);

    SET p_o_id = v_o_id;
    SET p_o_entry_d = v_now;
    SET p_c_last = v_c_last;
    SET p_c_credit = v_c_credit;
    SET p_c_discount = v_c_discount;
    SET p_w_tax = v_w_tax;
    SET p_d_tax = v_d_tax;
    SET p_total = v_sum * (1 - v_c_discount) * (1 + v_w_tax + v_d_tax);
    SET p_s_quantities = v_s_quantities;
    SET p_brand_generic = v_brand_generic;
    OPEN order_lines;
END;

-- 2.5 Payment. The customer pays p_h_amount at district (p_w_id, p_d_id); the customer belongs to
-- district (p_c_w_id, p_c_d_id), which is another warehouse's in 15% of the calls. With
-- p_by_name = FALSE the customer is p_c_id (40%); with p_by_name = TRUE (60%) it is, among the
-- customers with last name p_c_last sorted by first name, the one at position ceil(n / 2).
-- p_c_id and p_c_last return the customer's id and last name either way.
CREATE PROCEDURE Payment(IN p_w_id INTEGER, IN p_d_id INTEGER,
                         IN p_c_w_id INTEGER, IN p_c_d_id INTEGER,
                         IN p_by_name BOOLEAN, INOUT p_c_id INTEGER, INOUT p_c_last VARCHAR(16),
                         IN p_h_amount DECIMAL(6,2),
                         OUT p_h_date TIMESTAMP,
                         OUT p_w_street_1 VARCHAR(20), OUT p_w_street_2 VARCHAR(20),
                         OUT p_w_city VARCHAR(20), OUT p_w_state CHAR(2), OUT p_w_zip CHAR(9),
                         OUT p_d_street_1 VARCHAR(20), OUT p_d_street_2 VARCHAR(20),
                         OUT p_d_city VARCHAR(20), OUT p_d_state CHAR(2), OUT p_d_zip CHAR(9),
                         OUT p_c_first VARCHAR(16), OUT p_c_middle CHAR(2),
                         OUT p_c_street_1 VARCHAR(20), OUT p_c_street_2 VARCHAR(20),
                         OUT p_c_city VARCHAR(20), OUT p_c_state CHAR(2), OUT p_c_zip CHAR(9),
                         OUT p_c_phone CHAR(16), OUT p_c_since TIMESTAMP,
                         OUT p_c_credit CHAR(2), OUT p_c_credit_lim DECIMAL(12,2),
                         OUT p_c_discount DECIMAL(4,4), OUT p_c_balance DECIMAL(12,2),
                         OUT p_c_data VARCHAR(200))
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE v_now TIMESTAMP;
    DECLARE v_w_name VARCHAR(10);
    DECLARE v_d_name VARCHAR(10);
    DECLARE v_count INTEGER;
    DECLARE v_offset INTEGER;
    DECLARE v_c_id INTEGER;
    DECLARE v_c_last VARCHAR(16);
    DECLARE v_c_credit CHAR(2);
    DECLARE v_c_balance DECIMAL(12,2);
    DECLARE v_c_data VARCHAR(200) DEFAULT '';
    DECLARE v_h_id BIGINT;

    SET v_now = CURRENT_TIMESTAMP;

    UPDATE warehouse SET w_ytd = w_ytd + p_h_amount WHERE w_id = p_w_id;
    SELECT w_name, w_street_1, w_street_2, w_city, w_state, w_zip
        INTO v_w_name, p_w_street_1, p_w_street_2, p_w_city, p_w_state, p_w_zip
        FROM warehouse WHERE w_id = p_w_id;

    UPDATE district SET d_ytd = d_ytd + p_h_amount WHERE d_w_id = p_w_id AND d_id = p_d_id;
    SELECT d_name, d_street_1, d_street_2, d_city, d_state, d_zip
        INTO v_d_name, p_d_street_1, p_d_street_2, p_d_city, p_d_state, p_d_zip
        FROM district WHERE d_w_id = p_w_id AND d_id = p_d_id;

    IF p_by_name THEN
        SET v_count = (SELECT COUNT(*) FROM customer
                       WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_last = p_c_last);
        IF v_count = 0 THEN
            SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'Payment: no customer with this last name';
        END IF;
        -- Position ceil(n / 2) counted from 1 is row (n - 1) / 2 counted from 0.
        SET v_offset = (v_count - 1) / 2;
        SET v_c_id = (SELECT c_id FROM customer
                      WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_last = p_c_last
                      ORDER BY c_first, c_id
                      LIMIT 1 OFFSET v_offset);
    ELSE
        SET v_c_id = p_c_id;
    END IF;

    SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip,
           c_phone, c_since, c_credit, c_credit_lim, c_discount, c_balance
        INTO p_c_first, p_c_middle, v_c_last, p_c_street_1, p_c_street_2, p_c_city, p_c_state,
             p_c_zip, p_c_phone, p_c_since, v_c_credit, p_c_credit_lim, p_c_discount, v_c_balance
        FROM customer WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = v_c_id;
    IF v_c_last IS NULL THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'Payment: unknown customer';
    END IF;

    SET v_c_balance = v_c_balance - p_h_amount;
    IF v_c_credit = 'BC' THEN
        -- Bad credit: C_ID, C_D_ID, C_W_ID, D_ID, W_ID and H_AMOUNT go in front of C_DATA, whose
        -- content shifts right; what passes 500 characters is discarded.
        UPDATE customer
            SET c_balance = v_c_balance,
                c_ytd_payment = c_ytd_payment + p_h_amount,
                c_payment_cnt = c_payment_cnt + 1,
                c_data = SUBSTRING(CAST(v_c_id AS VARCHAR(10)) || ' ' || CAST(p_c_d_id AS VARCHAR(10))
                                   || ' ' || CAST(p_c_w_id AS VARCHAR(10)) || ' ' || CAST(p_d_id AS VARCHAR(10))
                                   || ' ' || CAST(p_w_id AS VARCHAR(10)) || ' ' || CAST(p_h_amount AS VARCHAR(10))
                                   || ' | ' || c_data FROM 1 FOR 500)
            WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = v_c_id;
        SET v_c_data = (SELECT SUBSTRING(c_data FROM 1 FOR 200) FROM customer
                        WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = v_c_id);
    ELSE
        UPDATE customer
            SET c_balance = v_c_balance,
                c_ytd_payment = c_ytd_payment + p_h_amount,
                c_payment_cnt = c_payment_cnt + 1
            WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = v_c_id;
    END IF;

    UPDATE history_key SET hk_last_id = hk_last_id + 1 WHERE hk_w_id = p_w_id;
    SELECT hk_last_id INTO v_h_id FROM history_key WHERE hk_w_id = p_w_id;
    INSERT INTO history (h_id, h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data)
        VALUES (v_h_id, v_c_id, p_c_d_id, p_c_w_id, p_d_id, p_w_id, v_now, p_h_amount,
                v_w_name || '    ' || v_d_name);

    SET p_c_id = v_c_id;
    SET p_c_last = v_c_last;
    SET p_h_date = v_now;
    SET p_c_credit = v_c_credit;
    SET p_c_balance = v_c_balance;
    SET p_c_data = v_c_data;
END;

-- 2.6 Order-Status. The customer is chosen as in Payment (by id, or the middle one by last name),
-- always in the home warehouse. Outputs: the customer's id, names and balance, and the customer's
-- most recent order (id, entry date, carrier, which is NULL until delivered); the result set lists
-- that order's lines. p_o_id is INOUT only so that the cursor can read it; its input value is
-- ignored.
CREATE PROCEDURE OrderStatus(IN p_w_id INTEGER, IN p_d_id INTEGER,
                             IN p_by_name BOOLEAN, INOUT p_c_id INTEGER, INOUT p_c_last VARCHAR(16),
                             OUT p_c_first VARCHAR(16), OUT p_c_middle CHAR(2),
                             OUT p_c_balance DECIMAL(12,2),
                             INOUT p_o_id INTEGER, OUT p_o_entry_d TIMESTAMP,
                             OUT p_o_carrier_id SMALLINT)
    READS SQL DATA
    DYNAMIC RESULT SETS 1
BEGIN ATOMIC
    DECLARE v_count INTEGER;
    DECLARE v_offset INTEGER;
    DECLARE v_c_id INTEGER;
    DECLARE v_c_last VARCHAR(16);
    DECLARE v_o_id INTEGER;
    DECLARE lines CURSOR WITH RETURN FOR
        SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d
        FROM order_line
        WHERE ol_w_id = p_w_id AND ol_d_id = p_d_id AND ol_o_id = p_o_id
        ORDER BY ol_number;

    IF p_by_name THEN
        SET v_count = (SELECT COUNT(*) FROM customer
                       WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_last = p_c_last);
        IF v_count = 0 THEN
            SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'OrderStatus: no customer with this last name';
        END IF;
        SET v_offset = (v_count - 1) / 2;
        SET v_c_id = (SELECT c_id FROM customer
                      WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_last = p_c_last
                      ORDER BY c_first, c_id
                      LIMIT 1 OFFSET v_offset);
    ELSE
        SET v_c_id = p_c_id;
    END IF;

    SELECT c_first, c_middle, c_last, c_balance
        INTO p_c_first, p_c_middle, v_c_last, p_c_balance
        FROM customer WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_id = v_c_id;
    IF v_c_last IS NULL THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'OrderStatus: unknown customer';
    END IF;

    SET v_o_id = (SELECT o_id FROM orders
                  WHERE o_w_id = p_w_id AND o_d_id = p_d_id AND o_c_id = v_c_id
                  ORDER BY o_id DESC
                  LIMIT 1);
    IF v_o_id IS NOT NULL THEN
        SELECT o_entry_d, o_carrier_id INTO p_o_entry_d, p_o_carrier_id
            FROM orders WHERE o_w_id = p_w_id AND o_d_id = p_d_id AND o_id = v_o_id;
    END IF;

    SET p_c_id = v_c_id;
    SET p_c_last = v_c_last;
    SET p_o_id = v_o_id;
    OPEN lines;
END;

-- 2.7 Delivery (the deferred part that the queued request executes), one district per call: clause
-- 2.7.4.2 lets the deferred Delivery use "one or more (up to 10) database transactions", and the driver
-- delivers the ten districts of a warehouse as ten calls, d = 1..10. The oldest undelivered order of
-- district (p_w_id, p_d_id) (lowest NO_O_ID) is removed from NEW_ORDER, gets carrier p_o_carrier_id, its
-- lines get today's delivery date, and the customer is credited with the lines' total and one more
-- delivery. Output: the delivered order id, or NULL when the district has no undelivered order (skipped).
CREATE PROCEDURE Delivery(IN p_w_id INTEGER, IN p_d_id INTEGER, IN p_o_carrier_id SMALLINT,
                          OUT p_o_id INTEGER)
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE v_head INTEGER;
    DECLARE v_o_id INTEGER;
    DECLARE v_c_id INTEGER;
    DECLARE v_amount DECIMAL(12,2);

    -- The oldest NEW-ORDER row of the district is the head of its queue (schema.sql, new_order_head).
    SELECT nh_o_id INTO v_head FROM new_order_head WHERE nh_w_id = p_w_id AND nh_d_id = p_d_id;
    SET v_o_id = (SELECT no_o_id FROM new_order
                  WHERE no_w_id = p_w_id AND no_d_id = p_d_id AND no_o_id = v_head);
    IF v_o_id IS NOT NULL THEN
        DELETE FROM new_order WHERE no_w_id = p_w_id AND no_d_id = p_d_id AND no_o_id = v_o_id;
        UPDATE new_order_head SET nh_o_id = nh_o_id + 1 WHERE nh_w_id = p_w_id AND nh_d_id = p_d_id;
        SELECT o_c_id INTO v_c_id FROM orders WHERE o_w_id = p_w_id AND o_d_id = p_d_id AND o_id = v_o_id;
        UPDATE orders SET o_carrier_id = p_o_carrier_id
            WHERE o_w_id = p_w_id AND o_d_id = p_d_id AND o_id = v_o_id;
        UPDATE order_line SET ol_delivery_d = CURRENT_TIMESTAMP
            WHERE ol_w_id = p_w_id AND ol_d_id = p_d_id AND ol_o_id = v_o_id;
        SET v_amount = (SELECT SUM(ol_amount) FROM order_line
                        WHERE ol_w_id = p_w_id AND ol_d_id = p_d_id AND ol_o_id = v_o_id);
        UPDATE customer
            SET c_balance = c_balance + v_amount,
                c_delivery_cnt = c_delivery_cnt + 1
            WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_id = v_c_id;
    END IF;
    SET p_o_id = v_o_id;
END;

-- 2.8 Stock-Level. The number of distinct items among the lines of district (p_w_id, p_d_id)'s
-- last 20 orders whose stock in warehouse p_w_id is below p_threshold (10 to 20).
CREATE PROCEDURE StockLevel(IN p_w_id INTEGER, IN p_d_id INTEGER, IN p_threshold INTEGER,
                            OUT p_low_stock INTEGER)
    READS SQL DATA
BEGIN ATOMIC
    DECLARE v_next_o_id INTEGER;
    DECLARE v_low_stock INTEGER;
    SELECT d_next_o_id INTO v_next_o_id FROM district WHERE d_w_id = p_w_id AND d_id = p_d_id;
    SELECT COUNT(DISTINCT s_i_id) INTO v_low_stock
        FROM order_line, stock
        WHERE ol_w_id = p_w_id AND ol_d_id = p_d_id
          AND ol_o_id < v_next_o_id AND ol_o_id >= v_next_o_id - 20
          AND s_w_id = p_w_id AND s_i_id = ol_i_id
          AND s_quantity < p_threshold;
    SET p_low_stock = v_low_stock;
END;
