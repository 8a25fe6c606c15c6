-- expect-error-line: 17
-- invalid: HSQLDB 2.7 rejects a cursor that reads a variable declared in the cursor's own block, so the dialect must too
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
    DYNAMIC RESULT SETS 1
BEGIN ATOMIC
    DECLARE v BIGINT DEFAULT 1;
    DECLARE c CURSOR WITH RETURN FOR SELECT bal FROM accounts WHERE custid = v;
    OPEN c;
END;
