-- expect-error-line: 15
-- invalid: a procedure body must be BEGIN ATOMIC (the error is at the first token after BEGIN)
CREATE TABLE accounts (
    custid BIGINT NOT NULL,
    name VARCHAR(64) NOT NULL,
    bal DECIMAL(15,2) NOT NULL,
    opened TIMESTAMP,
    PRIMARY KEY (custid)
);
CREATE INDEX accounts_name ON accounts (name);
PARTITION TABLE accounts ON COLUMN custid;
CREATE PROCEDURE p(IN p_id BIGINT)
    MODIFIES SQL DATA
BEGIN
    UPDATE accounts SET bal = 0 WHERE custid = p_id;
END;
