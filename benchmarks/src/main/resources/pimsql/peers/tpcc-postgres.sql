-- The five TPC-C transactions as PL/pgSQL functions for the PostgreSQL peer of `pimsql bench compare`.
-- They follow examples/tpcc/procedures.sql statement by statement (same reads, writes, outputs and
-- user abort), in PostgreSQL's dialect: OUT values are the function's result row; a user abort is
-- RAISE ... USING ERRCODE = '45000' as PimSQL's SIGNAL SQLSTATE '45000'. The client calls each one in
-- its own SERIALIZABLE transaction and retries serialization failures.
-- Rows that a transaction reads and then writes are read with FOR UPDATE (or through UPDATE ... RETURNING)
-- so that conflicting transactions queue instead of failing late.

CREATE OR REPLACE FUNCTION tpcc_new_order(p_w_id INTEGER, p_d_id INTEGER, p_c_id INTEGER,
        p_item_ids INTEGER[], p_supply_w_ids INTEGER[], p_quantities INTEGER[],
        OUT r_o_id INTEGER, OUT r_o_entry_d TIMESTAMP, OUT r_c_last VARCHAR, OUT r_c_credit CHAR(2),
        OUT r_c_discount DECIMAL(4,4), OUT r_w_tax DECIMAL(4,4), OUT r_d_tax DECIMAL(4,4),
        OUT r_total DECIMAL(12,2), OUT r_s_quantities VARCHAR, OUT r_brand_generic VARCHAR)
LANGUAGE plpgsql AS $$
DECLARE
    v_ol_cnt INTEGER := COALESCE(array_length(p_item_ids, 1), 0);
    v_all_local INTEGER := 1;
    v_now TIMESTAMP := LOCALTIMESTAMP;
    v_i_price DECIMAL(5,2);
    v_i_name VARCHAR(24);
    v_i_data VARCHAR(50);
    v_s_quantity INTEGER;
    v_s_data VARCHAR(50);
    v_dist_info CHAR(24);
    v_amount DECIMAL(6,2);
    v_sum DECIMAL(12,2) := 0;
BEGIN
    IF v_ol_cnt < 1 OR COALESCE(array_length(p_supply_w_ids, 1), 0) <> v_ol_cnt
            OR COALESCE(array_length(p_quantities, 1), 0) <> v_ol_cnt THEN
        RAISE EXCEPTION 'NewOrder: item, supply warehouse and quantity lists differ in length' USING ERRCODE = '45000';
    END IF;
    FOR i IN 1 .. v_ol_cnt LOOP
        IF p_supply_w_ids[i] <> p_w_id THEN
            v_all_local := 0;
        END IF;
        PERFORM 1 FROM item WHERE i_id = p_item_ids[i];
        IF NOT FOUND THEN
            RAISE EXCEPTION 'Item number is not valid' USING ERRCODE = '45000';
        END IF;
    END LOOP;

    SELECT w_tax INTO r_w_tax FROM warehouse WHERE w_id = p_w_id;
    UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = p_w_id AND d_id = p_d_id
        RETURNING d_tax, d_next_o_id - 1 INTO r_d_tax, r_o_id;
    SELECT c_discount, c_last, c_credit INTO r_c_discount, r_c_last, r_c_credit
        FROM customer WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_id = p_c_id;

    INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (r_o_id, p_d_id, p_w_id);
    INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local)
        VALUES (r_o_id, p_d_id, p_w_id, p_c_id, v_now, NULL, v_ol_cnt, v_all_local);

    r_s_quantities := '';
    r_brand_generic := '';
    FOR i IN 1 .. v_ol_cnt LOOP
        SELECT i_price, i_name, i_data INTO v_i_price, v_i_name, v_i_data FROM item WHERE i_id = p_item_ids[i];
        SELECT s_quantity, s_data,
               CASE p_d_id WHEN 1 THEN s_dist_01 WHEN 2 THEN s_dist_02 WHEN 3 THEN s_dist_03
                           WHEN 4 THEN s_dist_04 WHEN 5 THEN s_dist_05 WHEN 6 THEN s_dist_06
                           WHEN 7 THEN s_dist_07 WHEN 8 THEN s_dist_08 WHEN 9 THEN s_dist_09
                           ELSE s_dist_10 END
            INTO v_s_quantity, v_s_data, v_dist_info
            FROM stock WHERE s_w_id = p_supply_w_ids[i] AND s_i_id = p_item_ids[i]
            FOR UPDATE;
        IF v_s_quantity >= p_quantities[i] + 10 THEN
            v_s_quantity := v_s_quantity - p_quantities[i];
        ELSE
            v_s_quantity := v_s_quantity - p_quantities[i] + 91;
        END IF;
        UPDATE stock
            SET s_quantity = v_s_quantity,
                s_ytd = s_ytd + p_quantities[i],
                s_order_cnt = s_order_cnt + 1,
                s_remote_cnt = s_remote_cnt + CASE WHEN p_supply_w_ids[i] <> p_w_id THEN 1 ELSE 0 END
            WHERE s_w_id = p_supply_w_ids[i] AND s_i_id = p_item_ids[i];
        v_amount := p_quantities[i] * v_i_price;
        v_sum := v_sum + v_amount;
        r_brand_generic := r_brand_generic
            || CASE WHEN position('ORIGINAL' IN v_i_data) > 0 AND position('ORIGINAL' IN v_s_data) > 0
                    THEN 'B' ELSE 'G' END;
        r_s_quantities := r_s_quantities || substring(CAST(1000 + v_s_quantity AS VARCHAR(4)) FROM 2 FOR 3);
        INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id,
                                ol_delivery_d, ol_quantity, ol_amount, ol_dist_info)
            VALUES (r_o_id, p_d_id, p_w_id, i, p_item_ids[i], p_supply_w_ids[i],
                    NULL, p_quantities[i], v_amount, v_dist_info);
    END LOOP;

    r_o_entry_d := v_now;
    r_total := v_sum * (1 - r_c_discount) * (1 + r_w_tax + r_d_tax);
END;
$$;

CREATE OR REPLACE FUNCTION tpcc_payment(p_w_id INTEGER, p_d_id INTEGER, p_c_w_id INTEGER, p_c_d_id INTEGER,
        p_by_name BOOLEAN, p_c_id INTEGER, p_c_last VARCHAR, p_h_amount DECIMAL(6,2),
        OUT r_c_id INTEGER, OUT r_c_last VARCHAR, OUT r_c_credit CHAR(2), OUT r_c_balance DECIMAL(12,2),
        OUT r_c_data VARCHAR, OUT r_h_date TIMESTAMP,
        OUT r_w_street_1 VARCHAR, OUT r_w_street_2 VARCHAR, OUT r_w_city VARCHAR, OUT r_w_state CHAR(2), OUT r_w_zip CHAR(9),
        OUT r_d_street_1 VARCHAR, OUT r_d_street_2 VARCHAR, OUT r_d_city VARCHAR, OUT r_d_state CHAR(2), OUT r_d_zip CHAR(9),
        OUT r_c_first VARCHAR, OUT r_c_middle CHAR(2), OUT r_c_street_1 VARCHAR, OUT r_c_street_2 VARCHAR,
        OUT r_c_city VARCHAR, OUT r_c_state CHAR(2), OUT r_c_zip CHAR(9), OUT r_c_phone CHAR(16),
        OUT r_c_since TIMESTAMP, OUT r_c_credit_lim DECIMAL(12,2), OUT r_c_discount DECIMAL(4,4))
LANGUAGE plpgsql AS $$
DECLARE
    v_now TIMESTAMP := LOCALTIMESTAMP;
    v_w_name VARCHAR(10);
    v_d_name VARCHAR(10);
    v_count INTEGER;
    v_h_id BIGINT;
BEGIN
    UPDATE warehouse SET w_ytd = w_ytd + p_h_amount WHERE w_id = p_w_id
        RETURNING w_name, w_street_1, w_street_2, w_city, w_state, w_zip
        INTO v_w_name, r_w_street_1, r_w_street_2, r_w_city, r_w_state, r_w_zip;
    UPDATE district SET d_ytd = d_ytd + p_h_amount WHERE d_w_id = p_w_id AND d_id = p_d_id
        RETURNING d_name, d_street_1, d_street_2, d_city, d_state, d_zip
        INTO v_d_name, r_d_street_1, r_d_street_2, r_d_city, r_d_state, r_d_zip;

    IF p_by_name THEN
        SELECT COUNT(*) INTO v_count FROM customer
            WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_last = p_c_last;
        IF v_count = 0 THEN
            RAISE EXCEPTION 'Payment: no customer with this last name' USING ERRCODE = '45000';
        END IF;
        SELECT c_id INTO r_c_id FROM customer
            WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_last = p_c_last
            ORDER BY c_first, c_id
            LIMIT 1 OFFSET (v_count - 1) / 2;
    ELSE
        r_c_id := p_c_id;
    END IF;

    SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip,
           c_phone, c_since, c_credit, c_credit_lim, c_discount, c_balance
        INTO r_c_first, r_c_middle, r_c_last, r_c_street_1, r_c_street_2, r_c_city, r_c_state,
             r_c_zip, r_c_phone, r_c_since, r_c_credit, r_c_credit_lim, r_c_discount, r_c_balance
        FROM customer WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = r_c_id
        FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'Payment: unknown customer' USING ERRCODE = '45000';
    END IF;

    r_c_balance := r_c_balance - p_h_amount;
    IF r_c_credit = 'BC' THEN
        UPDATE customer
            SET c_balance = r_c_balance,
                c_ytd_payment = c_ytd_payment + p_h_amount,
                c_payment_cnt = c_payment_cnt + 1,
                c_data = substring(CAST(r_c_id AS VARCHAR(10)) || ' ' || CAST(p_c_d_id AS VARCHAR(10))
                                   || ' ' || CAST(p_c_w_id AS VARCHAR(10)) || ' ' || CAST(p_d_id AS VARCHAR(10))
                                   || ' ' || CAST(p_w_id AS VARCHAR(10)) || ' ' || CAST(p_h_amount AS VARCHAR(10))
                                   || ' | ' || c_data FROM 1 FOR 500)
            WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = r_c_id
            RETURNING substring(c_data FROM 1 FOR 200) INTO r_c_data;
    ELSE
        UPDATE customer
            SET c_balance = r_c_balance,
                c_ytd_payment = c_ytd_payment + p_h_amount,
                c_payment_cnt = c_payment_cnt + 1
            WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = r_c_id;
        r_c_data := '';
    END IF;

    -- the example's synthetic history key, from the warehouse's sequence row (examples/tpcc/README.md)
    UPDATE history_key SET hk_last_id = hk_last_id + 1 WHERE hk_w_id = p_w_id RETURNING hk_last_id INTO v_h_id;
    INSERT INTO history (h_id, h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data)
        VALUES (v_h_id, r_c_id, p_c_d_id, p_c_w_id, p_d_id, p_w_id, v_now, p_h_amount,
                v_w_name || '    ' || v_d_name);
    r_h_date := v_now;
END;
$$;

CREATE OR REPLACE FUNCTION tpcc_order_status(p_w_id INTEGER, p_d_id INTEGER, p_by_name BOOLEAN,
        p_c_id INTEGER, p_c_last VARCHAR)
    RETURNS TABLE (r_c_id INTEGER, r_c_last VARCHAR, r_c_first VARCHAR, r_c_middle CHAR(2),
                   r_c_balance DECIMAL(12,2), r_o_id INTEGER, r_o_entry_d TIMESTAMP, r_o_carrier_id SMALLINT,
                   ol_i_id INTEGER, ol_supply_w_id INTEGER, ol_quantity SMALLINT, ol_amount DECIMAL(6,2),
                   ol_delivery_d TIMESTAMP)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
-- One row per line of the customer's last order (columns ol_*), each repeating the customer's and the
-- order's values; a single row with NULL ol_* columns when the order has no line or there is no order.
DECLARE
    v_count INTEGER;
    v_c_id INTEGER;
    v_c_last VARCHAR(16);
    v_c_first VARCHAR(16);
    v_c_middle CHAR(2);
    v_c_balance DECIMAL(12,2);
    v_o_id INTEGER;
    v_entry TIMESTAMP;
    v_carrier SMALLINT;
    v_lines INTEGER := 0;
    line RECORD;
BEGIN
    IF p_by_name THEN
        SELECT COUNT(*) INTO v_count FROM customer
            WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_last = p_c_last;
        IF v_count = 0 THEN
            RAISE EXCEPTION 'OrderStatus: no customer with this last name' USING ERRCODE = '45000';
        END IF;
        SELECT c_id INTO v_c_id FROM customer
            WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_last = p_c_last
            ORDER BY c_first, c_id
            LIMIT 1 OFFSET (v_count - 1) / 2;
    ELSE
        v_c_id := p_c_id;
    END IF;
    SELECT c_first, c_middle, c_last, c_balance INTO v_c_first, v_c_middle, v_c_last, v_c_balance
        FROM customer WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_id = v_c_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'OrderStatus: unknown customer' USING ERRCODE = '45000';
    END IF;
    SELECT o_id, o_entry_d, o_carrier_id INTO v_o_id, v_entry, v_carrier FROM orders
        WHERE o_w_id = p_w_id AND o_d_id = p_d_id AND o_c_id = v_c_id
        ORDER BY o_id DESC LIMIT 1;
    FOR line IN SELECT l.ol_i_id, l.ol_supply_w_id, l.ol_quantity, l.ol_amount, l.ol_delivery_d
                FROM order_line l
                WHERE l.ol_w_id = p_w_id AND l.ol_d_id = p_d_id AND l.ol_o_id = v_o_id
                ORDER BY l.ol_number LOOP
        r_c_id := v_c_id; r_c_last := v_c_last; r_c_first := v_c_first; r_c_middle := v_c_middle;
        r_c_balance := v_c_balance; r_o_id := v_o_id; r_o_entry_d := v_entry; r_o_carrier_id := v_carrier;
        ol_i_id := line.ol_i_id; ol_supply_w_id := line.ol_supply_w_id; ol_quantity := line.ol_quantity;
        ol_amount := line.ol_amount; ol_delivery_d := line.ol_delivery_d;
        v_lines := v_lines + 1;
        RETURN NEXT;
    END LOOP;
    IF v_lines = 0 THEN
        r_c_id := v_c_id; r_c_last := v_c_last; r_c_first := v_c_first; r_c_middle := v_c_middle;
        r_c_balance := v_c_balance; r_o_id := v_o_id; r_o_entry_d := v_entry; r_o_carrier_id := v_carrier;
        ol_i_id := NULL; ol_supply_w_id := NULL; ol_quantity := NULL; ol_amount := NULL; ol_delivery_d := NULL;
        RETURN NEXT;
    END IF;
END;
$$;

CREATE OR REPLACE FUNCTION tpcc_delivery(p_w_id INTEGER, p_o_carrier_id SMALLINT,
        OUT r_delivered INTEGER, OUT r_o_ids VARCHAR)
LANGUAGE plpgsql AS $$
DECLARE
    v_o_id INTEGER;
    v_c_id INTEGER;
    v_amount DECIMAL(12,2);
BEGIN
    r_delivered := 0;
    r_o_ids := '';
    FOR v_d_id IN 1 .. 10 LOOP
        -- the oldest new order is the head of the district's queue (examples/tpcc/README.md)
        SELECT nh_o_id INTO v_o_id FROM new_order_head WHERE nh_w_id = p_w_id AND nh_d_id = v_d_id FOR UPDATE;
        DELETE FROM new_order WHERE no_w_id = p_w_id AND no_d_id = v_d_id AND no_o_id = v_o_id;
        IF NOT FOUND THEN
            r_o_ids := r_o_ids || '0';
        ELSE
            UPDATE new_order_head SET nh_o_id = nh_o_id + 1 WHERE nh_w_id = p_w_id AND nh_d_id = v_d_id;
            UPDATE orders SET o_carrier_id = p_o_carrier_id
                WHERE o_w_id = p_w_id AND o_d_id = v_d_id AND o_id = v_o_id
                RETURNING o_c_id INTO v_c_id;
            UPDATE order_line SET ol_delivery_d = LOCALTIMESTAMP
                WHERE ol_w_id = p_w_id AND ol_d_id = v_d_id AND ol_o_id = v_o_id;
            SELECT SUM(ol_amount) INTO v_amount FROM order_line
                WHERE ol_w_id = p_w_id AND ol_d_id = v_d_id AND ol_o_id = v_o_id;
            UPDATE customer
                SET c_balance = c_balance + v_amount,
                    c_delivery_cnt = c_delivery_cnt + 1
                WHERE c_w_id = p_w_id AND c_d_id = v_d_id AND c_id = v_c_id;
            r_delivered := r_delivered + 1;
            r_o_ids := r_o_ids || CAST(v_o_id AS VARCHAR(10));
        END IF;
        IF v_d_id < 10 THEN
            r_o_ids := r_o_ids || ' ';
        END IF;
    END LOOP;
END;
$$;

CREATE OR REPLACE FUNCTION tpcc_stock_level(p_w_id INTEGER, p_d_id INTEGER, p_threshold INTEGER)
    RETURNS INTEGER
LANGUAGE plpgsql AS $$
DECLARE
    v_next_o_id INTEGER;
    v_low_stock INTEGER;
BEGIN
    SELECT d_next_o_id INTO v_next_o_id FROM district WHERE d_w_id = p_w_id AND d_id = p_d_id;
    SELECT COUNT(DISTINCT s_i_id) INTO v_low_stock
        FROM order_line, stock
        WHERE ol_w_id = p_w_id AND ol_d_id = p_d_id
          AND ol_o_id < v_next_o_id AND ol_o_id >= v_next_o_id - 20
          AND s_w_id = p_w_id AND s_i_id = ol_i_id
          AND s_quantity < p_threshold;
    RETURN v_low_stock;
END;
$$;
