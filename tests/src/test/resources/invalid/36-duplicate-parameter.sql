-- expect-error-line: 11
CREATE TABLE accounts (
    custid BIGINT NOT NULL,
    name VARCHAR(64) NOT NULL,
    bal DECIMAL(15,2) NOT NULL,
    opened TIMESTAMP,
    PRIMARY KEY (custid)
);
CREATE INDEX accounts_name ON accounts (name);
PARTITION TABLE accounts ON COLUMN custid;
CREATE PROCEDURE p(IN p_id BIGINT, IN p_id INTEGER)
    MODIFIES SQL DATA
BEGIN ATOMIC
    DELETE FROM accounts WHERE custid = p_id;
END;
