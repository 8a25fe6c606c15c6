-- expect-error-line: 15
-- expect-message: name
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
    INSERT INTO accounts (custid, name, bal) VALUES (p_id, NULL, 0);
END;
