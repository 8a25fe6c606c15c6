-- expect-error-line: 16
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
    DECLARE c CURSOR WITH RETURN FOR
        SELECT name, opened, SUM(bal) FROM accounts GROUP BY name;
    OPEN c;
END;
