-- Every construct of the dialect at least once. Must compile with PimSQL and be accepted by HSQLDB 2.7
-- (PARTITION TABLE lines removed): see DialectOnHsqldbTest.
CREATE TABLE warehouse (
  w_id INTEGER NOT NULL PRIMARY KEY,
  w_name VARCHAR(10),
  w_tax DECIMAL(4,4) DEFAULT 0.1,
  w_ytd NUMERIC(12,2) NOT NULL,
  w_code CHARACTER(3),
  w_note CHARACTER VARYING(20),
  w_small SMALLINT,
  w_big BIGINT,
  w_open BOOLEAN DEFAULT TRUE,
  w_since TIMESTAMP
);
CREATE TABLE "Stock" (
  s_w_id INT NOT NULL, s_i_id INTEGER NOT NULL, s_quantity SMALLINT, s_data CHAR(50),
  CONSTRAINT stock_pk PRIMARY KEY (s_w_id, s_i_id),
  UNIQUE (s_w_id, s_data)
);
CREATE TABLE item (i_id INTEGER PRIMARY KEY, i_name VARCHAR(24), i_price DECIMAL(5,2) NOT NULL);
CREATE UNIQUE INDEX item_by_name ON item (i_name);
CREATE INDEX stock_by_quantity ON "Stock" (s_w_id, s_quantity ASC);
PARTITION TABLE warehouse ON COLUMN w_id;
PARTITION TABLE "Stock" ON COLUMNS (s_w_id);

/* A procedure using every statement kind. */
CREATE PROCEDURE everything(IN p_w_id INTEGER, IN p_ids INTEGER ARRAY[15], INOUT p_total DECIMAL(12,2),
                            INOUT p_count INTEGER, IN p_name VARCHAR(24))
  MODIFIES SQL DATA
  DYNAMIC RESULT SETS 2
BEGIN ATOMIC
  DECLARE v_i INTEGER DEFAULT 1;
  DECLARE v_a, v_b BIGINT;
  DECLARE v_price DECIMAL(5,2);
  DECLARE v_text VARCHAR(100) DEFAULT 'it''s';
  DECLARE v_when TIMESTAMP DEFAULT TIMESTAMP '2024-01-02 03:04:05.123456';
  DECLARE c_items CURSOR WITH RETURN FOR
    SELECT i_id, i_name AS label FROM item WHERE i_id BETWEEN 1 AND 100 ORDER BY i_id DESC LIMIT 10 OFFSET 2;
  DECLARE c_stock CURSOR WITH RETURN FOR
    SELECT DISTINCT s.s_i_id, i.i_price FROM "Stock" s INNER JOIN item i ON i.i_id = s.s_i_id
    WHERE s.s_w_id = p_w_id AND s.s_quantity < 10
    ORDER BY s.s_i_id OFFSET 0 ROWS FETCH FIRST 5 ROWS ONLY;

  SET p_total = 0;
  SELECT w_ytd, w_small INTO p_total, v_a FROM warehouse WHERE w_id = p_w_id;
  IF p_total IS NULL OR NOT (v_a > 0) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'unknown warehouse';
  ELSEIF p_total < 0 THEN
    SET p_count = -1;
  ELSE
    SET p_count = COALESCE(p_count, 0) + 1;
  END IF;
  loop1: WHILE v_i <= CARDINALITY(p_ids) DO
    SET v_price = (SELECT i_price FROM item WHERE i_id = p_ids[v_i]);
    SET p_total = p_total + COALESCE(v_price, 0) * 2;
    SET v_i = v_i + 1;
  END WHILE loop1;
  FOR SELECT i_id AS item_id, i_name FROM item WHERE i_id IN (1, 2, 3) DO
    SET v_text = SUBSTRING(COALESCE(i_name, 'none') || '-' || CAST(item_id AS VARCHAR(11)) FROM 1 FOR 50);
  END FOR;
  SET v_b = (SELECT COUNT(*) FROM "Stock" WHERE s_w_id = p_w_id AND s_quantity BETWEEN 5 AND 20);
  SET v_b = (SELECT COUNT(DISTINCT s_quantity) FROM "Stock" WHERE s_w_id = p_w_id);
  SELECT MIN(i_price), MAX(i_id), SUM(i_price), AVG(i_price) INTO v_price, v_a, p_total, p_count FROM item;
  SET v_a = MOD(v_a, 7) + CHAR_LENGTH(v_text) + CHARACTER_LENGTH(p_name);
  SET v_text = CASE v_a WHEN 1 THEN 'one' WHEN 2 THEN 'two' ELSE 'many' END;
  SET v_text = CASE WHEN v_a > 10 AND v_a <> 11 THEN 'big' END;
  SET v_when = CURRENT_TIMESTAMP;
  BEGIN ATOMIC
    DECLARE v_inner INTEGER DEFAULT 5;
    UPDATE warehouse SET w_ytd = w_ytd + v_inner, w_since = v_when WHERE w_id = p_w_id;
  END;
  UPDATE "Stock" SET s_quantity = s_quantity - 1 WHERE s_w_id = p_w_id AND s_i_id = p_ids[1] AND s_quantity > 0;
  INSERT INTO item (i_id, i_name, i_price) VALUES (1000 + p_w_id, p_name, 9.99);
  INSERT INTO item VALUES (2000 + p_w_id, NULL, CAST(1 AS DECIMAL(5,2)));
  DELETE FROM item WHERE i_id = 2000 + p_w_id;
  OPEN c_items;
  OPEN c_stock;
END;

CREATE PROCEDURE reader(IN p_w_id INTEGER, OUT p_name VARCHAR(10)) READS SQL DATA
BEGIN ATOMIC
  SELECT w_name INTO p_name FROM warehouse WHERE w_id = p_w_id;
END;
