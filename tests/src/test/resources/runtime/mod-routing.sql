-- A MOD-partitioned table with BIGINT keys, for ModRoutingTest: keys read on the DPU (from a replicated
-- row) are routed by the kernel's pim_mp_route, which must compute the router's floorMod(key, P) for
-- negative and 64-bit keys too.
CREATE TABLE slot (k BIGINT NOT NULL PRIMARY KEY, val INTEGER NOT NULL);
-- Replicated: which slot key an id stands for.
CREATE TABLE pointer (id INTEGER NOT NULL PRIMARY KEY, k BIGINT NOT NULL);
PARTITION TABLE slot ON COLUMN k;

-- Reads the slot of a parameter key (its partition computed by the host) and the slot a pointer names
-- (its key read on the DPU, routed by the kernel): usually two partitions.
CREATE PROCEDURE ReadBoth(IN p_k BIGINT, IN p_id INTEGER, OUT v1 INTEGER, OUT v2 INTEGER)
    READS SQL DATA
BEGIN ATOMIC
    DECLARE v_k BIGINT;
    SELECT val INTO v1 FROM slot WHERE k = p_k;
    SELECT k INTO v_k FROM pointer WHERE id = p_id;
    SELECT val INTO v2 FROM slot WHERE k = v_k;
END;
