-- expect-error-line: 15
-- invalid: IF without THEN
CREATE TABLE accounts (
    custid BIGINT NOT NULL,
    name VARCHAR(64) NOT NULL,
    bal DECIMAL(15,2) NOT NULL,
    opened TIMESTAMP,
    PRIMARY KEY (custid)
);
CREATE INDEX accounts_name ON accounts (name);
PARTITION TABLE accounts ON COLUMN custid;
CREATE PROCEDURE p(INOUT p_id BIGINT)
    MODIFIES SQL DATA
BEGIN ATOMIC
    IF p_id > 0 SET p_id = 1; END IF;
END;
