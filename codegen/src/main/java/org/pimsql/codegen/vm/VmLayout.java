package org.pimsql.codegen.vm;

import java.util.List;
import org.pimsql.codegen.BuildException;
import org.pimsql.codegen.DatabaseFormat;
import org.pimsql.codegen.IndexLayout;
import org.pimsql.codegen.SchemaLayout;
import org.pimsql.codegen.TableLayout;

/**
 * How a schema's image uses a DPU's 64 KiB of WRAM (docs/vm.md "WRAM during a launch"), and so how many tasklets
 * execute calls: the kernel's own globals and one stack per tasklet, the database header, the schema section, the
 * loaded code, and one arena per tasklet (scratch and the largest frame). The compiler takes as many tasklets as
 * fit, up to {@link VmFormat#MAX_TASKLETS}.
 *
 * @param tasklets     executing tasklets E
 * @param arenaBytes   one tasklet's arena: message, key buffers, B+tree node buffers, frame
 * @param frameBytes   the largest frame (at least two of the largest rows: the undo walk uses it)
 * @param perTasklet   WRAM one more tasklet costs: arena, stack and its kernel state
 * @param sharedBytes  WRAM that does not depend on E: kernel globals, database header, schema, directory, code
 */
public record VmLayout(int tasklets, int arenaBytes, int frameBytes, int keyBytes, int treeKey, int dbBytes,
                       int schemaBytes, int codeBytes, int perTasklet, int sharedBytes) {
    public static final int WRAM_BYTES = 64 * 1024;
    /**
     * Per tasklet stack: the deepest path on the proxy is 848 bytes (the interpreter, a row write, the B+tree writer),
     * 1,056 with the unique check of a B+tree index, which keeps a cursor on the stack (docs/iram.md).
     */
    public static int stackBytes(int features) {
        return (features & VmFormat.F_UNIQUE) != 0 ? 1280 : 1024;
    }

    /**
     * The kernel's globals and read-only data (jump tables, error texts, constant tables) in WRAM: the larger of the
     * proxy build (2,276 bytes with 1 tasklet, 3,828 with 12) and the simulator's native build, whose dpu_load counts
     * the same sections (2,720 bytes with 1 tasklet and every feature, 4,972 with 16: its pointers are 8 bytes);
     * rounded up.
     */
    public static final int KERNEL_GLOBALS = 2576;
    /**
     * The kernel's per-tasklet state (pim_task_t, the B+tree's buffer pointers and its buffer's leaf: 140 bytes, 150
     * natively), rounded up.
     */
    public static final int TASKLET_GLOBALS = 152;

    static VmLayout of(SchemaLayout schema, List<CompiledProcedure> procs, int schemaBytes, int features)
            throws BuildException {
        int keyBytes = 8;
        int treeKey = 0;
        int maxRow = 8;
        for (TableLayout t : schema.tables()) {
            maxRow = Math.max(maxRow, t.row().bytes());
            for (IndexLayout ix : t.indexes()) {
                keyBytes = Math.max(keyBytes, ix.keyBytes());
                if (!ix.primary()) {
                    treeKey = Math.max(treeKey, ix.keyBytes());
                }
            }
        }
        int frame = 2 * maxRow;
        int code = 0;
        for (CompiledProcedure p : procs) {
            frame = Math.max(frame, p.frameBytes());
            code += p.code().length;
        }
        frame = Frame.align(frame, 8);
        int node = treeKey == 0 ? 0 : 16 + (VmFormat.NODE_FANOUT + 1) * (treeKey + 8) + (treeKey + 8);
        int arena = VmFormat.ARENA_MSG_BYTES + 2 * keyBytes + Frame.align(node, 8) + frame;
        int db = DatabaseFormat.bytes(schema);
        int shared = KERNEL_GLOBALS + db + schemaBytes + VmFormat.DIRECTORY_ENTRY_BYTES * procs.size() + code;
        int perTasklet = arena + stackBytes(features) + TASKLET_GLOBALS;
        int tasklets = Math.min(VmFormat.MAX_TASKLETS, (WRAM_BYTES - shared) / perTasklet);
        if (tasklets < 1) {
            throw new BuildException("the schema's programs do not fit a DPU's 64 KiB of WRAM: " + shared
                    + " bytes shared (" + code + " bytes of procedure code, a " + db + "-byte database header) and "
                    + perTasklet + " per tasklet (a " + frame + "-byte frame); split large procedures or drop unused ones");
        }
        return new VmLayout(tasklets, arena, frame, keyBytes, treeKey, db, schemaBytes, code, perTasklet, shared);
    }

    /** WRAM the whole launch uses. */
    public int wramBytes() {
        return sharedBytes + tasklets * perTasklet;
    }

    // Offsets in a tasklet's arena (docs/vm.md "WRAM during a launch"), written to the image header so that the
    // kernel computes none of them.

    /** The second key buffer (the first follows the record header and message). */
    public int keyBOffset() {
        return VmFormat.ARENA_MSG_BYTES + keyBytes;
    }

    /** The B+tree node buffer (with its record of slack), 0 without B+trees. */
    public int nodeOffset() {
        return treeKey == 0 ? 0 : VmFormat.ARENA_MSG_BYTES + 2 * keyBytes;
    }

    /** The B+tree record buffer after the node buffer, 0 without B+trees. */
    public int treeRecordOffset() {
        return treeKey == 0 ? 0 : nodeOffset() + 16 + (VmFormat.NODE_FANOUT + 1) * (treeKey + 8);
    }

    /** The frame: the arena's end. */
    public int frameOffset() {
        return arenaBytes - frameBytes;
    }

    /** The WRAM heap before the batch's procedures: database header, schema section and the arenas. */
    public int heapBytes() {
        return dbBytes + schemaBytes + tasklets * arenaBytes;
    }
}
