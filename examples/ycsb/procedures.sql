-- YCSB operations. Fields are numbered 0..9 as in YCSB's core workloads; an operation on a key
-- that does not exist aborts with SQLSTATE '45000' (YCSB's NOT_FOUND status), except ReadRecord,
-- which returns an empty result set.

-- read: the whole record as a result set of zero or one row.
CREATE PROCEDURE ReadRecord(IN p_key BIGINT)
    READS SQL DATA
    DYNAMIC RESULT SETS 1
BEGIN ATOMIC
    DECLARE rec CURSOR WITH RETURN FOR
        SELECT ycsb_key, field0, field1, field2, field3, field4,
               field5, field6, field7, field8, field9
        FROM usertable
        WHERE ycsb_key = p_key;
    OPEN rec;
END;

-- insert: a new record (a duplicate key fails the call).
CREATE PROCEDURE InsertRecord(IN p_key BIGINT,
                              IN p_f0 VARCHAR(100), IN p_f1 VARCHAR(100), IN p_f2 VARCHAR(100),
                              IN p_f3 VARCHAR(100), IN p_f4 VARCHAR(100), IN p_f5 VARCHAR(100),
                              IN p_f6 VARCHAR(100), IN p_f7 VARCHAR(100), IN p_f8 VARCHAR(100),
                              IN p_f9 VARCHAR(100))
    MODIFIES SQL DATA
BEGIN ATOMIC
    INSERT INTO usertable (ycsb_key, field0, field1, field2, field3, field4,
                           field5, field6, field7, field8, field9)
    VALUES (p_key, p_f0, p_f1, p_f2, p_f3, p_f4, p_f5, p_f6, p_f7, p_f8, p_f9);
END;

-- update of one field (YCSB's default, writeallfields=false): field p_field gets p_value.
CREATE PROCEDURE UpdateRecord(IN p_key BIGINT, IN p_field INTEGER, IN p_value VARCHAR(100))
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE v_key BIGINT;
    IF p_field < 0 OR p_field > 9 THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'UpdateRecord: field number out of range';
    END IF;
    SET v_key = (SELECT ycsb_key FROM usertable WHERE ycsb_key = p_key);
    IF v_key IS NULL THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'UpdateRecord: key not found';
    END IF;
    UPDATE usertable
    SET field0 = CASE WHEN p_field = 0 THEN p_value ELSE field0 END,
        field1 = CASE WHEN p_field = 1 THEN p_value ELSE field1 END,
        field2 = CASE WHEN p_field = 2 THEN p_value ELSE field2 END,
        field3 = CASE WHEN p_field = 3 THEN p_value ELSE field3 END,
        field4 = CASE WHEN p_field = 4 THEN p_value ELSE field4 END,
        field5 = CASE WHEN p_field = 5 THEN p_value ELSE field5 END,
        field6 = CASE WHEN p_field = 6 THEN p_value ELSE field6 END,
        field7 = CASE WHEN p_field = 7 THEN p_value ELSE field7 END,
        field8 = CASE WHEN p_field = 8 THEN p_value ELSE field8 END,
        field9 = CASE WHEN p_field = 9 THEN p_value ELSE field9 END
    WHERE ycsb_key = p_key;
END;

-- update of all ten fields (writeallfields=true).
CREATE PROCEDURE UpdateAllFields(IN p_key BIGINT,
                                 IN p_f0 VARCHAR(100), IN p_f1 VARCHAR(100), IN p_f2 VARCHAR(100),
                                 IN p_f3 VARCHAR(100), IN p_f4 VARCHAR(100), IN p_f5 VARCHAR(100),
                                 IN p_f6 VARCHAR(100), IN p_f7 VARCHAR(100), IN p_f8 VARCHAR(100),
                                 IN p_f9 VARCHAR(100))
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE v_key BIGINT;
    SET v_key = (SELECT ycsb_key FROM usertable WHERE ycsb_key = p_key);
    IF v_key IS NULL THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'UpdateAllFields: key not found';
    END IF;
    UPDATE usertable
    SET field0 = p_f0, field1 = p_f1, field2 = p_f2, field3 = p_f3, field4 = p_f4,
        field5 = p_f5, field6 = p_f6, field7 = p_f7, field8 = p_f8, field9 = p_f9
    WHERE ycsb_key = p_key;
END;

-- read-modify-write (workload F): returns field p_field's value before the write in p_old,
-- then stores p_value in it.
CREATE PROCEDURE ReadModifyWrite(IN p_key BIGINT, IN p_field INTEGER, IN p_value VARCHAR(100),
                                 OUT p_old VARCHAR(100))
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE v_old VARCHAR(100);
    IF p_field < 0 OR p_field > 9 THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'ReadModifyWrite: field number out of range';
    END IF;
    SET v_old = (SELECT CASE p_field WHEN 0 THEN field0 WHEN 1 THEN field1 WHEN 2 THEN field2
                                     WHEN 3 THEN field3 WHEN 4 THEN field4 WHEN 5 THEN field5
                                     WHEN 6 THEN field6 WHEN 7 THEN field7 WHEN 8 THEN field8
                                     ELSE field9 END
                 FROM usertable WHERE ycsb_key = p_key);
    IF v_old IS NULL THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'ReadModifyWrite: key not found';
    END IF;
    UPDATE usertable
    SET field0 = CASE WHEN p_field = 0 THEN p_value ELSE field0 END,
        field1 = CASE WHEN p_field = 1 THEN p_value ELSE field1 END,
        field2 = CASE WHEN p_field = 2 THEN p_value ELSE field2 END,
        field3 = CASE WHEN p_field = 3 THEN p_value ELSE field3 END,
        field4 = CASE WHEN p_field = 4 THEN p_value ELSE field4 END,
        field5 = CASE WHEN p_field = 5 THEN p_value ELSE field5 END,
        field6 = CASE WHEN p_field = 6 THEN p_value ELSE field6 END,
        field7 = CASE WHEN p_field = 7 THEN p_value ELSE field7 END,
        field8 = CASE WHEN p_field = 8 THEN p_value ELSE field8 END,
        field9 = CASE WHEN p_field = 9 THEN p_value ELSE field9 END
    WHERE ycsb_key = p_key;
    SET p_old = v_old;
END;

-- scan (workload E): up to p_count records with keys >= p_start, in key order. The range is over
-- the partition key, so this read visits every partition.
CREATE PROCEDURE ScanRecords(IN p_start BIGINT, IN p_count INTEGER)
    READS SQL DATA
    DYNAMIC RESULT SETS 1
BEGIN ATOMIC
    DECLARE recs CURSOR WITH RETURN FOR
        SELECT ycsb_key, field0, field1, field2, field3, field4,
               field5, field6, field7, field8, field9
        FROM usertable
        WHERE ycsb_key >= p_start
        ORDER BY ycsb_key
        LIMIT p_count;
    OPEN recs;
END;

-- A transaction of several operations on keys given as arrays (the YCSB transaction workloads:
-- ten operations on random keys). Operation i reads field p_fields[i] of record p_keys[i]; when
-- p_ops[i] = 1 it then writes p_value into that field (p_ops[i] = 0: read only). The values read
-- are returned in p_result, concatenated in operation order, each followed by '|'. Any missing
-- key or bad field number aborts the whole transaction on every partition it touched.
CREATE PROCEDURE MultiKeyTxn(IN p_keys BIGINT ARRAY[10], IN p_ops INTEGER ARRAY[10],
                             IN p_fields INTEGER ARRAY[10], IN p_value VARCHAR(100),
                             OUT p_result VARCHAR(1010))
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE i INTEGER DEFAULT 1;
    DECLARE v_field INTEGER;
    DECLARE v_val VARCHAR(100);
    DECLARE v_out VARCHAR(1010) DEFAULT '';
    IF CARDINALITY(p_ops) <> CARDINALITY(p_keys) OR CARDINALITY(p_fields) <> CARDINALITY(p_keys) THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'MultiKeyTxn: arrays of different lengths';
    END IF;
    WHILE i <= CARDINALITY(p_keys) DO
        SET v_field = p_fields[i];
        -- (HSQLDB keeps a variable's old value when a scalar subquery finds no row, so clear it.)
        SET v_val = NULL;
        SET v_val = (SELECT CASE v_field WHEN 0 THEN field0 WHEN 1 THEN field1 WHEN 2 THEN field2
                                         WHEN 3 THEN field3 WHEN 4 THEN field4 WHEN 5 THEN field5
                                         WHEN 6 THEN field6 WHEN 7 THEN field7 WHEN 8 THEN field8
                                         ELSE field9 END
                     FROM usertable WHERE ycsb_key = p_keys[i]);
        SET v_out = v_out || v_val || '|';
        IF p_ops[i] = 1 AND v_val IS NOT NULL THEN
            UPDATE usertable
            SET field0 = CASE WHEN v_field = 0 THEN p_value ELSE field0 END,
                field1 = CASE WHEN v_field = 1 THEN p_value ELSE field1 END,
                field2 = CASE WHEN v_field = 2 THEN p_value ELSE field2 END,
                field3 = CASE WHEN v_field = 3 THEN p_value ELSE field3 END,
                field4 = CASE WHEN v_field = 4 THEN p_value ELSE field4 END,
                field5 = CASE WHEN v_field = 5 THEN p_value ELSE field5 END,
                field6 = CASE WHEN v_field = 6 THEN p_value ELSE field6 END,
                field7 = CASE WHEN v_field = 7 THEN p_value ELSE field7 END,
                field8 = CASE WHEN v_field = 8 THEN p_value ELSE field8 END,
                field9 = CASE WHEN v_field = 9 THEN p_value ELSE field9 END
            WHERE ycsb_key = p_keys[i];
        END IF;
        SET i = i + 1;
        -- The checks come last in the loop body: HSQLDB 2.7 loses an error raised by an earlier
        -- statement of a WHILE body. A bad field number writes nothing (no CASE matches).
        IF v_val IS NULL OR v_field < 0 OR v_field > 9 THEN
            SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'MultiKeyTxn: key not found or field number out of range';
        END IF;
    END WHILE;
    SET p_result = v_out;
END;
