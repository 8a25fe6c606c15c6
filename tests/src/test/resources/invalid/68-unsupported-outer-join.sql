-- expect-error-line: 18
CREATE TABLE accounts (
    custid BIGINT NOT NULL,
    name VARCHAR(64) NOT NULL,
    bal DECIMAL(15,2) NOT NULL,
    opened TIMESTAMP,
    PRIMARY KEY (custid)
);
CREATE INDEX accounts_name ON accounts (name);
PARTITION TABLE accounts ON COLUMN custid;
CREATE TABLE loans (custid BIGINT NOT NULL, amount DECIMAL(15,2) NOT NULL, PRIMARY KEY (custid));
PARTITION TABLE loans ON COLUMN custid;
CREATE PROCEDURE p(IN p_id BIGINT)
    READS SQL DATA
    DYNAMIC RESULT SETS 1
BEGIN ATOMIC
    DECLARE c CURSOR WITH RETURN FOR
        SELECT a.name, l.amount FROM accounts a LEFT OUTER JOIN loans l ON l.custid = a.custid WHERE a.custid = p_id;
    OPEN c;
END;
