-- Reads of every partition in procedures (RelationsDifferentialTest): each shape docs/multi-partition.md
-- "Relations" describes, with ORDER BY fixing the order of every result (unique columns last).

-- The k items of a range of keys with the least stock (the issue's example: top-k over a range of the key).
CREATE PROCEDURE LeastStock(IN p_lo INTEGER, IN p_hi INTEGER, IN p_k INTEGER)
    READS SQL DATA
    DYNAMIC RESULT SETS 1
BEGIN ATOMIC
    DECLARE top CURSOR WITH RETURN FOR
        SELECT s_i_id, s_quantity FROM stock WHERE s_i_id BETWEEN p_lo AND p_hi
        ORDER BY s_quantity, s_i_id LIMIT p_k;
    OPEN top;
END;

-- A page of stock in key order (the index gives it: each partition streams its first rows).
CREATE PROCEDURE StockPage(IN p_from INTEGER, IN p_skip INTEGER, IN p_k INTEGER)
    READS SQL DATA
    DYNAMIC RESULT SETS 1
BEGIN ATOMIC
    DECLARE page CURSOR WITH RETURN FOR
        SELECT s_i_id, s_label, s_quantity FROM stock WHERE s_i_id >= p_from ORDER BY s_i_id LIMIT p_k OFFSET p_skip;
    OPEN page;
END;

-- A page of wide rows in key order: the partitions send their first rows' keys, then the rows of the page only.
CREATE PROCEDURE ItemPage(IN p_from INTEGER, IN p_skip INTEGER, IN p_k INTEGER)
    READS SQL DATA
    DYNAMIC RESULT SETS 1
BEGIN ATOMIC
    DECLARE page CURSOR WITH RETURN FOR
        SELECT i_id, i_name, i_price, i_cat, i_name || '/' || i_name AS twice, i_name || ':' || i_name AS again
        FROM item WHERE i_id >= p_from ORDER BY i_id LIMIT p_k OFFSET p_skip;
    OPEN page;
END;

-- Stock per category: GROUP BY with HAVING.
CREATE PROCEDURE CategoryStock(IN p_above INTEGER, IN p_min BIGINT)
    READS SQL DATA
    DYNAMIC RESULT SETS 1
BEGIN ATOMIC
    DECLARE cats CURSOR WITH RETURN FOR
        SELECT s_cat, COUNT(*), SUM(s_quantity), MIN(s_quantity), MAX(s_quantity), COUNT(s_label), MIN(s_label)
        FROM stock WHERE s_quantity > p_above
        GROUP BY s_cat HAVING COUNT(*) >= p_min ORDER BY s_cat;
    OPEN cats;
END;

-- The categories by their total stock, largest first, with how many distinct labels each has.
CREATE PROCEDURE CategoryRanking(IN p_k INTEGER)
    READS SQL DATA
    DYNAMIC RESULT SETS 1
BEGIN ATOMIC
    DECLARE ranking CURSOR WITH RETURN FOR
        SELECT s_cat, SUM(s_quantity) AS total, COUNT(DISTINCT s_label)
        FROM stock GROUP BY s_cat ORDER BY total DESC, s_cat LIMIT p_k;
    OPEN ranking;
END;

-- The distinct (category, label) pairs of the items with little stock.
CREATE PROCEDURE Labels(IN p_max INTEGER)
    READS SQL DATA
    DYNAMIC RESULT SETS 1
BEGIN ATOMIC
    DECLARE labels CURSOR WITH RETURN FOR
        SELECT DISTINCT s_cat, s_label FROM stock WHERE s_quantity <= p_max ORDER BY s_cat, s_label;
    OPEN labels;
END;

-- COUNT(DISTINCT) of two arguments and MIN/MAX of strings over every partition, into OUT parameters.
CREATE PROCEDURE LabelStats(IN p_cat INTEGER, OUT p_rows BIGINT, OUT p_quantities BIGINT, OUT p_labels BIGINT,
                            OUT p_first VARCHAR(10), OUT p_last VARCHAR(10))
    READS SQL DATA
BEGIN ATOMIC
    SELECT COUNT(*), COUNT(DISTINCT s_quantity), COUNT(DISTINCT s_label), MIN(s_label), MAX(s_label)
        INTO p_rows, p_quantities, p_labels, p_first, p_last FROM stock WHERE s_cat = p_cat;
END;

-- A read of every partition inside another one's condition: the items with more stock than the average.
CREATE PROCEDURE AboveAverage(IN p_cat INTEGER, OUT p_n BIGINT, OUT p_sum DECIMAL(12,2))
    READS SQL DATA
BEGIN ATOMIC
    SELECT COUNT(*), SUM(DISTINCT i.i_price) INTO p_n, p_sum
        FROM stock s JOIN item i ON i.i_id = s.s_i_id
        WHERE s.s_cat = p_cat AND s.s_quantity > (SELECT AVG(s_quantity) FROM stock);
END;

-- A single-partition write guarded by a read of every partition in an IF condition.
CREATE PROCEDURE CappedSet(IN p_id INTEGER, IN p_quantity INTEGER, IN p_cap BIGINT)
    MODIFIES SQL DATA
BEGIN ATOMIC
    IF (SELECT SUM(s_quantity) FROM stock WHERE s_i_id <> p_id) + p_quantity > p_cap THEN
        SIGNAL SQLSTATE '45002' SET MESSAGE_TEXT = 'CappedSet: over the cap';
    END IF;
    UPDATE stock SET s_quantity = p_quantity WHERE s_i_id = p_id;
END;

-- Counts an item's label in TAG, partitioned on the label: a key read from a row, hashed on the DPU.
CREATE PROCEDURE TagItem(IN p_id INTEGER, OUT p_count INTEGER)
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE v_label VARCHAR(10);
    SELECT s_label INTO v_label FROM stock WHERE s_i_id = p_id;
    UPDATE tag SET t_count = t_count + 1 WHERE t_name = v_label;
    SET p_count = (SELECT t_count FROM tag WHERE t_name = v_label);
END;

-- The category with the most stock: a scalar subquery over every partition, grouped and ordered.
CREATE PROCEDURE BusiestCategory(OUT p_cat INTEGER)
    READS SQL DATA
BEGIN ATOMIC
    SET p_cat = (SELECT s_cat FROM stock GROUP BY s_cat ORDER BY SUM(s_quantity) DESC, s_cat LIMIT 1);
END;

-- Orders joined with their items (ORDERS and ITEM are partitioned on different keys): quantities per category.
CREATE PROCEDURE CategorySales(IN p_min INTEGER)
    READS SQL DATA
    DYNAMIC RESULT SETS 1
BEGIN ATOMIC
    DECLARE sales CURSOR WITH RETURN FOR
        SELECT i.i_cat, COUNT(*), SUM(o.o_qty), MAX(i.i_name)
        FROM orders o JOIN item i ON i.i_id = o.o_i_id
        WHERE o.o_qty >= p_min GROUP BY i.i_cat ORDER BY i.i_cat;
    OPEN sales;
END;

-- The first orders of a category with their item and its stock (ITEM and STOCK are co-located; ORDERS is not).
CREATE PROCEDURE CategoryOrders(IN p_cat INTEGER, IN p_k INTEGER)
    READS SQL DATA
    DYNAMIC RESULT SETS 1
BEGIN ATOMIC
    DECLARE lines CURSOR WITH RETURN FOR
        SELECT o.o_id, i.i_name, s.s_quantity, o.o_qty * i.i_price
        FROM orders o JOIN item i ON i.i_id = o.o_i_id JOIN stock s ON s.s_i_id = i.i_id
        WHERE i.i_cat = p_cat ORDER BY o.o_id LIMIT p_k;
    OPEN lines;
END;

-- Restocks a category: a FOR loop over every partition whose body writes each row (and aborts when an item
-- would hold more than p_cap).
CREATE PROCEDURE Restock(IN p_cat INTEGER, IN p_add INTEGER, IN p_cap INTEGER, OUT p_n INTEGER)
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE n INTEGER DEFAULT 0;
    FOR SELECT s_i_id AS id, s_quantity AS q FROM stock WHERE s_cat = p_cat ORDER BY s_i_id DO
        UPDATE stock SET s_quantity = q + p_add WHERE s_i_id = id;
        UPDATE item SET i_price = i_price + 1 WHERE i_id = id;
        SET n = n + 1;
        -- (the check comes last in the body: HSQLDB 2.7 loses an error an earlier statement of a loop body raises)
        IF q + p_add > p_cap THEN
            SIGNAL SQLSTATE '45001' SET MESSAGE_TEXT = 'Restock: over capacity';
        END IF;
    END FOR;
    SET p_n = n;
END;

-- Single-partition writers that change what the reads see.
CREATE PROCEDURE SetStock(IN p_id INTEGER, IN p_quantity INTEGER, IN p_label VARCHAR(10))
    MODIFIES SQL DATA
BEGIN ATOMIC
    UPDATE stock SET s_quantity = p_quantity, s_label = p_label WHERE s_i_id = p_id;
END;

CREATE PROCEDURE AddOrder(IN p_id BIGINT, IN p_item INTEGER, IN p_qty INTEGER)
    MODIFIES SQL DATA
BEGIN ATOMIC
    INSERT INTO orders VALUES (p_id, p_item, p_qty);
END;
