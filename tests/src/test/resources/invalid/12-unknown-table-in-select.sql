-- expect-error-line: 16
-- expect-message: acounts
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
    DECLARE v DECIMAL(15,2);
    SET v = (SELECT bal FROM acounts WHERE custid = p_id);
END;
