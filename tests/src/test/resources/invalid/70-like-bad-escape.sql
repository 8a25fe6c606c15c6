-- expect-error-line: 15
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
BEGIN ATOMIC
    DECLARE v INTEGER;
    SET v = (SELECT COUNT(*) FROM accounts WHERE custid = p_id AND name LIKE 'a!b%' ESCAPE '!');
END;
