package org.pimsql.codegen;

import java.util.List;

/**
 * Everything the host needs to talk to the DPUs of a compiled schema: the memory map, every table's row
 * layout and indexes, and every procedure's call and result encoding. The byte formats are in
 * docs/wire-format.md.
 */
public record SchemaLayout(MemoryMap memory, List<TableLayout> tables, List<ProcedureLayout> procedures) {
    /** Batch header magic ("PIMB"), result header magic ("PIMR"): VmFormat's, which the kernel is built with. */
    public static final int BATCH_MAGIC = org.pimsql.codegen.vm.VmFormat.BATCH_MAGIC;
    public static final int RESULT_MAGIC = org.pimsql.codegen.vm.VmFormat.RESULT_MAGIC;
    /** Batch flag: start from an empty database (the {@link DatabaseFormat} header follows the batch header). */
    public static final int FLAG_INIT = org.pimsql.codegen.vm.VmFormat.FLAG_INIT;
    public static final int BATCH_HEADER_BYTES = org.pimsql.codegen.vm.VmFormat.BATCH_HEADER_BYTES;
    public static final int RESULT_HEADER_BYTES = org.pimsql.codegen.vm.VmFormat.RESULT_HEADER_BYTES;
    public static final int CALL_HEADER_BYTES = org.pimsql.codegen.vm.VmFormat.CALL_HEADER_BYTES;
    public static final int RECORD_HEADER_BYTES = org.pimsql.codegen.vm.VmFormat.RECORD_HEADER_BYTES;
    public static final int RESULT_SET_HEADER_BYTES = 8;

    public SchemaLayout {
        tables = List.copyOf(tables);
        procedures = List.copyOf(procedures);
    }

    public TableLayout table(String name) {
        return tables.stream().filter(t -> t.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no table " + name));
    }

    public ProcedureLayout procedure(String name) {
        return procedures.stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no procedure " + name));
    }

    public ProcedureLayout procedure(int id) {
        return procedures.stream().filter(p -> p.id() == id).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no procedure " + id));
    }
}
