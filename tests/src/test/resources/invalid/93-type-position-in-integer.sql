-- expect-error-line: 16
-- expect-message: POSITION needs a string, found INTEGER
CREATE TABLE accounts (
    custid BIGINT NOT NULL,
    name VARCHAR(64) NOT NULL,
    bal DECIMAL(15,2) NOT NULL,
    PRIMARY KEY (custid)
);
PARTITION TABLE accounts ON COLUMN custid;
CREATE PROCEDURE p(IN p_id BIGINT, OUT p_at INTEGER)
    READS SQL DATA
BEGIN ATOMIC
    DECLARE v INTEGER DEFAULT 42;
    DECLARE v_name VARCHAR(64);
    SELECT name INTO v_name FROM accounts WHERE custid = p_id;
    SET p_at = POSITION(v_name IN v);
END;
