-- A tiny schema for the kernel execution test (runtime-dpu/src/test/c/kernel/exec_test.c hand-encodes
-- calls for exactly these procedures; KernelExecutionTest checks that the layouts it assumes hold).
CREATE TABLE acct (
    id INTEGER NOT NULL,
    name VARCHAR(16),
    bal DECIMAL(10,2) NOT NULL,
    PRIMARY KEY (id)
);
CREATE INDEX acct_by_name ON acct (name);
PARTITION TABLE acct ON COLUMN id;

CREATE PROCEDURE put_acct(IN p_id INTEGER, IN p_name VARCHAR(16), IN p_bal DECIMAL(10,2))
    MODIFIES SQL DATA
BEGIN ATOMIC
    INSERT INTO acct (id, name, bal) VALUES (p_id, p_name, p_bal);
END;

CREATE PROCEDURE get_acct(IN p_id INTEGER, OUT p_name VARCHAR(16), OUT p_bal DECIMAL(10,2))
    READS SQL DATA
BEGIN ATOMIC
    SELECT name, bal INTO p_name, p_bal FROM acct WHERE id = p_id;
END;

CREATE PROCEDURE pay(IN p_id INTEGER, IN p_amount DECIMAL(10,2))
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE v_bal DECIMAL(10,2);
    UPDATE acct SET bal = bal - p_amount WHERE id = p_id;
    SET v_bal = (SELECT bal FROM acct WHERE id = p_id);
    IF v_bal < 0 THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'overdrawn';
    END IF;
END;

CREATE PROCEDURE list_from(IN p_lo VARCHAR(16))
    READS SQL DATA
    DYNAMIC RESULT SETS 1
BEGIN ATOMIC
    DECLARE c CURSOR WITH RETURN FOR
        SELECT id, name, bal FROM acct WHERE name >= p_lo ORDER BY name;
    OPEN c;
END;

CREATE PROCEDURE put_then_fail(IN p_id INTEGER, IN p_name VARCHAR(16))
    MODIFIES SQL DATA
BEGIN ATOMIC
    INSERT INTO acct (id, name, bal) VALUES (p_id, p_name, 0);
    SIGNAL SQLSTATE '45001' SET MESSAGE_TEXT = 'changed my mind';
END;

CREATE PROCEDURE stats(OUT p_n INTEGER, OUT p_total DECIMAL(12,2), OUT p_max VARCHAR(16), OUT p_distinct INTEGER)
    READS SQL DATA
BEGIN ATOMIC
    SELECT COUNT(*), SUM(bal), MAX(name), COUNT(DISTINCT bal) INTO p_n, p_total, p_max, p_distinct FROM acct;
END;

-- Renaming moves every row in acct_by_name while the FOR loop scans that index: each row must be
-- changed exactly once.
CREATE PROCEDURE bump_all(IN p_amount DECIMAL(10,2), OUT p_n INTEGER)
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE v_n INTEGER DEFAULT 0;
    FOR SELECT id AS k FROM acct WHERE name >= '' DO
        UPDATE acct SET name = name || '+', bal = bal + p_amount WHERE id = k;
        SET v_n = v_n + 1;
    END FOR;
    SET p_n = v_n;
END;

CREATE PROCEDURE spin()
    READS SQL DATA
BEGIN ATOMIC
    DECLARE i INTEGER DEFAULT 0;
    WHILE i >= 0 DO
        SET i = i + 1;
    END WHILE;
END;

CREATE PROCEDURE top2()
    READS SQL DATA
    DYNAMIC RESULT SETS 1
BEGIN ATOMIC
    DECLARE c CURSOR WITH RETURN FOR
        SELECT id, bal FROM acct ORDER BY bal DESC, id LIMIT 2;
    OPEN c;
END;

CREATE PROCEDURE label(IN p_ids INTEGER ARRAY[4], IN p_i INTEGER, OUT p_text VARCHAR(40), OUT p_v INTEGER)
    READS SQL DATA
BEGIN ATOMIC
    DECLARE i INTEGER DEFAULT 1;
    DECLARE t VARCHAR(40) DEFAULT '';
    WHILE i <= CARDINALITY(p_ids) DO
        SET t = t || CAST(p_ids[i] AS VARCHAR(5)) || CASE WHEN p_ids[i] > 2 THEN 'b' ELSE 's' END;
        SET i = i + 1;
    END WHILE;
    SET p_text = t;
    SET p_v = 100 / p_ids[p_i];
END;
