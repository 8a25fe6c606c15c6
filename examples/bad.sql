-- A script with a mistake, to see a compile error: bin/pimsql compile examples/bad.sql (README).
CREATE TABLE customer (c_id BIGINT NOT NULL, c_name VARCHAR(32), PRIMARY KEY (c_id));
CREATE PROCEDURE CustomerName(IN p_id BIGINT, OUT v VARCHAR(32))
    READS SQL DATA
BEGIN ATOMIC
    -- the column is c_name
    SELECT c_foo INTO v FROM customer WHERE c_id = p_id;
END;
