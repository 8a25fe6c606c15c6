-- expect-error-line: 18
-- expect-message: bal
CREATE TABLE accounts (
    custid BIGINT NOT NULL,
    name VARCHAR(64) NOT NULL,
    bal DECIMAL(15,2) NOT NULL,
    opened TIMESTAMP,
    PRIMARY KEY (custid)
);
CREATE INDEX accounts_name ON accounts (name);
PARTITION TABLE accounts ON COLUMN custid;
CREATE TABLE loans (custid BIGINT NOT NULL, bal DECIMAL(15,2) NOT NULL, PRIMARY KEY (custid));
PARTITION TABLE loans ON COLUMN custid;
CREATE PROCEDURE p(IN p_id BIGINT, OUT p_bal DECIMAL(15,2))
    READS SQL DATA
BEGIN ATOMIC
    DECLARE v DECIMAL(15,2);
    SELECT bal INTO v FROM accounts, loans WHERE accounts.custid = p_id AND loans.custid = accounts.custid;
    SET p_bal = v;
END;
