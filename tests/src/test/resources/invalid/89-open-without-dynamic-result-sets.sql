-- expect-error-line: 16
-- invalid: a result set returned by a procedure that declares DYNAMIC RESULT SETS 0
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
    READS SQL DATA
BEGIN ATOMIC
    DECLARE c CURSOR WITH RETURN FOR SELECT bal FROM accounts WHERE custid = p_id;
    OPEN c;
END;
