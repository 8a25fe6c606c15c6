package org.pimsql.codegen.vm;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.pimsql.codegen.BuildException;
import org.pimsql.codegen.DatabaseFormat;
import org.pimsql.codegen.FieldLayout;
import org.pimsql.codegen.IndexLayout;
import org.pimsql.codegen.SchemaLayout;
import org.pimsql.codegen.TableLayout;

/**
 * A schema's image (docs/vm.md "The image"): the header (with the WRAM heap's layout), the schema section (tables,
 * indexes, key columns) and every procedure's code, as the host writes it to MRAM; with the compiled procedures (for
 * listings and sizes), their directory entries (a batch lists those of the procedures it calls), the WRAM layout and
 * the kernel the image needs.
 */
public record VmImage(byte[] bytes, List<CompiledProcedure> procedures, List<byte[]> directory, VmLayout layout,
                      KernelSpec kernel) {
    public VmImage {
        procedures = List.copyOf(procedures);
        directory = List.copyOf(directory);
    }

    public CompiledProcedure procedure(int id) {
        return procedures.get(id);
    }

    /**
     * The directory entry of procedure {@code id} (docs/vm.md): u32 code offset in the image, u32 code bytes, u16
     * instructions, u16 frame bytes, u16 OUT bytes, u16 exchange buffer offset. A copy.
     */
    public byte[] directoryEntry(int id) {
        return directory.get(id).clone();
    }

    /** Builds the image of {@code procs} (indexed by procedure id) over {@code schema}. */
    static VmImage build(SchemaLayout schema, List<CompiledProcedure> procs) throws BuildException {
        byte[] section = schemaSection(schema);
        int features = 0;
        for (CompiledProcedure p : procs) {
            features |= p.features();
        }
        VmLayout layout = VmLayout.of(schema, procs, section.length, features);
        KernelSpec kernel = new KernelSpec(features, layout.tasklets(), VmLayout.stackBytes(features));
        int codeOffset = VmFormat.IMAGE_HEADER_BYTES + section.length;
        int total = codeOffset;
        for (CompiledProcedure p : procs) {
            total += p.code().length;
        }
        if (total > VmFormat.IMAGE_BYTES) {
            throw new BuildException("the schema's image needs " + total + " bytes of MRAM, more than its area of "
                    + VmFormat.IMAGE_BYTES);
        }
        int db = layout.dbBytes();
        int nindexes = 0;
        for (TableLayout t : schema.tables()) {
            nindexes += t.indexes().size();
        }
        ByteBuffer b = ByteBuffer.allocate(total).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(VmFormat.IMAGE_MAGIC).putInt(VmFormat.IMAGE_FORMAT).putInt(total).putInt(layout.tasklets())
                .putInt(features).putInt(db).putInt(section.length).putInt(layout.arenaBytes())
                .putInt(layout.frameBytes()).putInt(layout.keyBytes()).putInt(layout.heapBytes()).putInt(0);
        // the WRAM heap's layout (docs/vm.md "WRAM during a launch"), as u16 offsets
        putOffsets(b, db + 8 * schema.tables().size(), db + 8 * (schema.tables().size() + nindexes),
                DatabaseFormat.tableStatesAt(schema), DatabaseFormat.treesAt(schema), layout.keyBOffset(),
                layout.nodeOffset(), layout.treeRecordOffset(), layout.frameOffset());
        b.put(section);
        var directory = new ArrayList<byte[]>(procs.size());
        int at = codeOffset;
        for (int i = 0; i < procs.size(); i++) {
            CompiledProcedure p = procs.get(i);
            if (p.id() != i) {
                throw new IllegalArgumentException("procedure " + p.name() + " has id " + p.id() + " at position " + i);
            }
            directory.add(ByteBuffer.allocate(VmFormat.DIRECTORY_ENTRY_BYTES).order(ByteOrder.LITTLE_ENDIAN)
                    .putInt(at).putInt(p.code().length).putShort((short) p.ninstr()).putShort((short) p.frameBytes())
                    .putShort((short) p.outBytes()).putShort((short) 0).array());
            b.position(at);
            b.put(p.code());
            at += p.code().length;
        }
        return new VmImage(b.array(), procs, directory, layout, kernel);
    }

    private static void putOffsets(ByteBuffer b, int... offsets) {
        for (int o : offsets) {
            if (o < 0 || o > 0xFFFF) {
                throw new IllegalStateException("a WRAM heap offset beyond 64 KiB: " + o);
            }
            b.putShort((short) o);
        }
    }

    /** Tables, then indexes, then key columns, 8 bytes each (docs/vm.md). */
    static byte[] schemaSection(SchemaLayout schema) throws BuildException {
        List<TableLayout> tables = schema.tables();
        int nindexes = 0;
        int ncols = 0;
        for (TableLayout t : tables) {
            nindexes += t.indexes().size();
            for (IndexLayout ix : t.indexes()) {
                ncols += ix.columns().size();
            }
        }
        ByteBuffer b = ByteBuffer.allocate(8 * (tables.size() + nindexes + ncols)).order(ByteOrder.LITTLE_ENDIAN);
        int index = 0;
        for (TableLayout t : tables) {
            b.putShort((short) t.row().bytes()).put((byte) t.indexes().size()).put((byte) 0).putShort((short) index)
                    .putShort((short) 0);
            index += t.indexes().size();
        }
        int col = 0;
        var columns = new ArrayList<FieldLayout>();
        for (TableLayout t : tables) {
            for (IndexLayout ix : t.indexes()) {
                b.putShort((short) col).put((byte) ix.columns().size()).put((byte) (ix.unique() ? 1 : 0))
                        .put((byte) Math.max(0, ix.treeSlot())).put((byte) ix.keyBytes()).putShort((short) 0);
                for (String c : ix.columns()) {
                    columns.add(t.row().field(c));
                    col++;
                }
            }
        }
        for (FieldLayout f : columns) {
            b.putShort((short) f.offset()).putShort((short) (f.isString() ? f.type().length() : 0))
                    .putShort((short) f.nullBit()).put((byte) f.kind()).put((byte) (f.nullable() ? 1 : 0));
        }
        return b.array();
    }
}
