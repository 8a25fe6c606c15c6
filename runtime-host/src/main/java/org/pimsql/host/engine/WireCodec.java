package org.pimsql.host.engine;

import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.call.ResultTable;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pimsql.codegen.BlockLayout;
import org.pimsql.codegen.DatabaseFormat;
import org.pimsql.codegen.FieldLayout;
import org.pimsql.codegen.MemoryMap;
import org.pimsql.codegen.ProcedureLayout;
import org.pimsql.codegen.ResultSetLayout;
import org.pimsql.codegen.RouteSlot;
import org.pimsql.codegen.SchemaLayout;
import org.pimsql.codegen.vm.VmFormat;
import org.pimsql.codegen.vm.VmImage;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.ir.Cursor;
import org.pimsql.frontend.ir.ParamMode;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Query;
import org.pimsql.frontend.ir.Variable;

/**
 * The code generator's call and result format (docs/wire-format.md; runtime-dpu's pim_exec.c reads and
 * writes it), built from a {@link SchemaLayout}.
 *
 * <pre>
 * input  (at memory().inputOffset() of the MRAM heap):
 *   batch header  u32 magic "PIMB", u32 flags (1 = format first, 2 = exchange call), u32 ncalls, u32 bytes,
 *                 u32 nprocs, u32 db (MRAM offset of the database header to install), u32 calls (MRAM offset of
 *                 the first call), u32 0, u32 commit_to, u32 kept_to (the previous launch's kept segments),
 *                 u32 dpu, u32 partitions, u32 dpus, u32 0 (the exchange header)
 *   directory     the 16-byte entries (VmImage.directoryEntry) of the procedures whose code the launch loads
 *   [format only] the formatted database header (DatabaseFormat)
 *   per call      u32 bytes, u16 procedure (its entry in the batch's directory), u16 flags (1 = joins the previous
 *                 call's wave, 2 = a wave of its own after another such wave: no barrier; bits 8-15 the tasklet
 *                 that runs it: k mod E for the k-th call of its wave), u64 sequence,
 *                 i64 CURRENT_TIMESTAMP (us), parameter block
 * output (at memory().outputOffset()):
 *   result header u32 magic "PIMR", u32 tasklets E, u32 exchange region bytes, u32 flags (1 = output full, calls
 *                 left undone), then per tasklet {u32 bytes, u32 records} of its output slice (room for 16)
 *   E slices      each tasklet's records, back to back:
 *   per call run  u32 bytes, u16 procedure, u16 status, u64 sequence, char[5] SQLSTATE, u8 result sets,
 *                 u16 message length, u32 OUT bytes, u32 the call's index in the batch, u32 exchange report bytes,
 *                 u32 program instructions run (simulator builds; 0 on a DPU), u32 undo position after the
 *                 call, u32 0;
 *                 then on success each result set (u32 index, u32 rows, rows) and the OUT block,
 *                 on failure the message (padded to 8); an exchange call's report at the end
 *   exchange region (the area's last VmFormat.OUT_PUB_BYTES) the values the launch's exchange calls published
 * </pre>
 */
final class WireCodec implements CallCodec {
    private static final int MESSAGE_MAX = 248;
    /** Call header flag: the call runs in the wave of the call before it (VmFormat, pim_ops.h). */
    static final int CALL_JOINS_WAVE = VmFormat.CALL_JOINS_WAVE;
    /**
     * Call header flag: the call is a wave of its own and so was the call before it, so the DPU's tasklets
     * need not meet at a barrier first: tasklet 0 runs such runs back to back.
     */
    static final int CALL_SERIAL = VmFormat.CALL_SERIAL;

    private final SchemaLayout layout;
    private final VmImage image;
    private final Map<String, ProcedureLayout> procedures = new HashMap<>();
    private final MramRegion input;
    private final MramRegion output;
    private final int formatBytes;
    /** The output area's parts: the result header, the executing tasklets' slices, the exchange region. */
    private final int[] parts;

    WireCodec(SchemaLayout layout, VmImage image) {
        this.layout = layout;
        this.image = image;
        for (ProcedureLayout p : layout.procedures()) {
            procedures.put(p.name(), p);
        }
        MemoryMap m = layout.memory();
        this.input = new MramRegion(MramRegion.MRAM_HEAP, m.inputOffset(), m.inputBytes());
        this.output = new MramRegion(MramRegion.MRAM_HEAP, m.outputOffset(), m.outputBytes());
        this.formatBytes = DatabaseFormat.bytes(layout);
        int tasklets = image.layout().tasklets();
        int slice = ((m.outputBytes() - SchemaLayout.RESULT_HEADER_BYTES - VmFormat.OUT_PUB_BYTES) / tasklets) & ~7;
        this.parts = new int[tasklets + 2];
        for (int t = 0; t < tasklets; t++) {
            parts[1 + t] = SchemaLayout.RESULT_HEADER_BYTES + t * slice;
        }
        parts[tasklets + 1] = m.outputBytes() - VmFormat.OUT_PUB_BYTES;
    }

    private ProcedureLayout layoutOf(Procedure p) {
        return codecOf(p).layout();
    }

    /**
     * What encoding and decoding one procedure's calls needs, looked up once per procedure rather than per call:
     * its layout, its parameters' fields in declaration order, and each result set's column names and types.
     */
    private record ProcCodec(ProcedureLayout layout, FieldLayout[] params, List<List<String>> setNames,
                             List<List<SqlType>> setTypes) {}

    /** By procedure name: a Procedure is a record, and hashing one walks its whole body. */
    private final Map<String, ProcCodec> codecs = new java.util.concurrent.ConcurrentHashMap<>();

    private ProcCodec codecOf(Procedure p) {
        ProcCodec c = codecs.get(p.name());
        return c != null ? c : codecs.computeIfAbsent(p.name(), n -> newCodec(p));
    }

    private ProcCodec newCodec(Procedure p) {
        ProcedureLayout l = procedures.get(p.name());
        if (l == null) {
            throw new IllegalArgumentException("the compiled schema has no procedure " + p.name());
        }
        var params = new FieldLayout[p.params().size()];
        for (int i = 0; i < params.length; i++) {
            params[i] = l.params().field(p.params().get(i).name());
        }
        var names = new ArrayList<List<String>>();
        var types = new ArrayList<List<SqlType>>();
        for (Cursor cursor : p.cursors()) {
            var n = new ArrayList<String>();
            var t = new ArrayList<SqlType>();
            for (Query.OutputColumn col : cursor.query().select()) {
                n.add(col.name());
                t.add(col.value().type());
            }
            names.add(List.copyOf(n));
            types.add(List.copyOf(t));
        }
        return new ProcCodec(l, params, List.copyOf(names), List.copyOf(types));
    }

    @Override
    public MramRegion input() {
        return input;
    }

    @Override
    public MramRegion output() {
        return output;
    }

    /** Batch flag: the batch header's exchange header is filled (for readers of a batch; the kernel needs no flag). */
    static final int FLAG_MP = VmFormat.FLAG_MP;
    /** The exchange header in a batch's header and the sub-header of an exchange call. */
    static final int MP_HEADER_BYTES = VmFormat.MP_HEADER_BYTES;
    /** Where the batch header's wave count is (docs/wire-format.md). */
    private static final int BATCH_WAVES_AT = 28;
    /** Where the batch header's tasklet count and per-tasklet first reads are: after the exchange header. */
    private static final int BATCH_TASKLETS_AT = 56;
    private static final int BATCH_FIRST_AT = 64;
    /** Where the batch header's image generation is (docs/wire-format.md). */
    private static final int BATCH_IMAGE_AT = 60;

    /** A call's header and its body. */
    @Override
    public int encodedSize(RoutedCall call) {
        return SchemaLayout.CALL_HEADER_BYTES + callBytes(call);
    }

    /** The call's body (its header's first field): exchange sub-header, parameters, value vector. */
    private int callBytes(RoutedCall call) {
        int params = layoutOf(call.procedure()).params().bytes();
        if (!call.exchange()) {
            return params;
        }
        return MP_HEADER_BYTES + params + call.vector().wireBytes();
    }

    @Override
    public int queueOverhead(boolean format) {
        // the directory of procedures to load: at most one entry per procedure of the schema
        return SchemaLayout.BATCH_HEADER_BYTES + VmFormat.DIRECTORY_ENTRY_BYTES * layout.procedures().size()
                + (format ? formatBytes : 0);
    }

    private static int waveFlags(boolean[] joinsWave, int i) {
        if (joinsWave[i]) {
            return CALL_JOINS_WAVE;
        }
        boolean alone = i + 1 == joinsWave.length || !joinsWave[i + 1];
        boolean previousAlone = i > 0 && (i == 1 || !joinsWave[i - 1]);
        return alone && previousAlone ? CALL_SERIAL : 0;
    }

    /** The batch header's count of waves: a tasklet without a call meets the others at each wave's barrier. */
    private static int waves(boolean[] joinsWave) {
        int waves = 0;
        for (int i = 0; i < joinsWave.length; i++) {
            if (i == 0 || (waveFlags(joinsWave, i) & (CALL_JOINS_WAVE | CALL_SERIAL)) == 0) {
                waves++;
            }
        }
        return waves;
    }

    @Override
    public void stampImage(byte[] queue, int generation) {
        BlockCodec.littleEndian(queue).putInt(BATCH_IMAGE_AT, generation);
    }

    @Override
    public byte[] encodeQueue(List<RoutedCall> calls, boolean[] joinsWave, Format format, LaunchHeader header) {
        if (joinsWave.length != calls.size() || (joinsWave.length > 0 && joinsWave[0])) {
            throw new IllegalArgumentException("one wave flag per call, and the first call starts a wave");
        }
        var procs = new java.util.TreeSet<Integer>();
        for (RoutedCall c : calls) {
            procs.add(layoutOf(c.procedure()).id());
        }
        var slots = new HashMap<Integer, Integer>(); // procedure id -> its entry in the batch's directory
        int directory = SchemaLayout.BATCH_HEADER_BYTES;
        int db = directory + VmFormat.DIRECTORY_ENTRY_BYTES * procs.size();
        int first = db + (format != null ? formatBytes : 0);
        int size = first;
        for (RoutedCall c : calls) {
            size += encodedSize(c);
        }
        byte[] bytes = new byte[size];
        ByteBuffer b = BlockCodec.littleEndian(bytes);
        MemoryMap m = layout.memory();
        b.putInt(SchemaLayout.BATCH_MAGIC)
                .putInt((format != null ? SchemaLayout.FLAG_INIT : 0) | (header != null ? FLAG_MP : 0))
                .putInt(calls.size()).putInt(size).putInt(procs.size())
                .putInt(format != null ? m.inputOffset() + db : m.dbOffset()).putInt(m.inputOffset() + first)
                .putInt(waves(joinsWave))
                .putInt(header != null && header.commitTo() != 0 ? header.commitTo() : m.undoOffset())
                .putInt(header != null && header.keptTo() != 0 ? header.keptTo() : m.undoOffset());
        if (header != null) {
            b.putInt(header.dpu()).putInt(header.partitions()).putInt(header.dpus()).putInt(0);
        }
        int tasklets = image.layout().tasklets();
        b.putInt(BATCH_TASKLETS_AT, tasklets);
        b.position(directory);
        for (int id : procs) {
            slots.put(id, slots.size());
            b.put(image.directoryEntry(id));
        }
        if (format != null) {
            b.put(DatabaseFormat.image(layout, format.hashBucketsLog2())); // the host formats (0: default buckets)
        }
        b.position(first);
        int inWave = 0;
        int wave = 0;
        int[] previous = new int[tasklets]; // per tasklet, where its latest call's header is (-1: none yet)
        java.util.Arrays.fill(previous, -1);
        for (int i = 0; i < calls.size(); i++) {
            RoutedCall c = calls.get(i);
            ProcedureLayout pl = layoutOf(c.procedure());
            BlockLayout params = pl.params();
            int start = b.position();
            if ((c.flags() & (RoutedCall.EXCHANGE | RoutedCall.KEEP)) != 0 && (joinsWave[i]
                    || (i + 1 < calls.size() && joinsWave[i + 1]))) {
                // pim_exec.c: exchange and KEEP calls run alone, on tasklet 0 (which owns the kept segments)
                throw new IllegalArgumentException("call " + c.call().sequence() + " must run in a wave of its own");
            }
            int waveFlags = waveFlags(joinsWave, i);
            inWave = joinsWave[i] ? inWave + 1 : 0;
            wave += i > 0 && (waveFlags & (CALL_JOINS_WAVE | CALL_SERIAL)) == 0 ? 1 : 0;
            int tasklet = inWave % tasklets;
            short slot = slots.get(pl.id()).shortValue();
            short flags = (short) (c.flags() | waveFlags | tasklet << 8);
            // the call's body, then its header; the tasklet's previous call (or the batch header) names where to read
            // it and how much: the body with the header behind it, or an exchange call's header alone
            int hdr = start + callBytes(c);
            int readAt = c.exchange() ? hdr : start;
            int read = hdr + SchemaLayout.CALL_HEADER_BYTES - readAt;
            if (previous[tasklet] < 0) {
                b.putInt(BATCH_FIRST_AT + 8 * tasklet, m.inputOffset() + readAt).putInt(BATCH_FIRST_AT + 8 * tasklet + 4, read);
            } else {
                b.putInt(previous[tasklet] + 24, m.inputOffset() + readAt).putInt(previous[tasklet] + 28, read);
            }
            previous[tasklet] = hdr;
            b.putInt(hdr, callBytes(c)).putShort(hdr + 4, slot).putShort(hdr + 6, flags)
                    .putLong(hdr + 8, c.call().sequence()).putLong(hdr + 16, c.call().timestampMicros())
                    .putInt(hdr + 32, i).putInt(hdr + 36, wave); // next and next_read stay 0 until a next call
            if (c.exchange()) {
                // the last word: 1 on the call's lowest participant (relations finish cursors there, pim_mp_gather.c)
                b.putInt(params.bytes()).putInt(c.vector().size()).putInt(c.vector().wireBytes()).putInt(c.primary() ? 1 : 0);
            }
            int base = b.position();
            List<Object> args = c.call().request().args();
            FieldLayout[] fields = codecOf(c.procedure()).params();
            List<Variable> declared = c.procedure().params();
            for (int p = 0; p < fields.length; p++) {
                Variable v = declared.get(p);
                BlockCodec.put(b, base, fields[p], v.mode() == ParamMode.OUT ? null : args.get(v.id()));
            }
            if (c.exchange()) {
                putRoutes(b, base, pl, args, header);
            }
            b.position(base + params.bytes());
            if (c.exchange()) {
                c.vector().write(b);
            }
            b.position(hdr + SchemaLayout.CALL_HEADER_BYTES);
            if (b.position() != start + encodedSize(c)) {
                throw new IllegalStateException("call encoding is " + (b.position() - start) + " bytes, expected "
                        + encodedSize(c));
            }
        }
        return bytes;
    }

    /**
     * Fills an exchange call's route slots (codegen RouteSlot, docs/wire-format.md): the partition of each
     * parameter-keyed HASH access, by the router's own function over the call's arguments, so that the DPU
     * routes those accesses without hashing (docs/multi-partition.md "Partitions the host computes").
     */
    private static void putRoutes(ByteBuffer b, int base, ProcedureLayout pl, List<Object> args, LaunchHeader header) {
        if (pl.routes().isEmpty()) {
            return;
        }
        if (header == null) {
            throw new IllegalArgumentException("an exchange call needs the batch's exchange header (its partition count)");
        }
        for (RouteSlot slot : pl.routes()) {
            var key = new ArrayList<Object>(slot.args().size());
            for (int arg : slot.args()) {
                key.add(args.get(arg));
            }
            b.putInt(base + slot.offset(), slot.function().partition(key, header.partitions()));
        }
    }

    @Override
    public MramRegion formatZeroes(Format format) {
        int bytes = DatabaseFormat.formattedBytes(layout, format.hashBucketsLog2());
        return bytes == 0 ? null : new MramRegion(MramRegion.MRAM_HEAP, layout.memory().dataOffset(), bytes);
    }

    @Override
    public int[] outputParts() {
        return parts.clone();
    }

    @Override
    public int outputHeaderBytes() {
        return SchemaLayout.RESULT_HEADER_BYTES;
    }

    @Override
    public int[] outputLengths(List<RoutedCall> calls, byte[] header) {
        ByteBuffer b = BlockCodec.littleEndian(header);
        checkMagic(b.getInt(0));
        int tasklets = parts.length - 2;
        if (b.getInt(4) != tasklets) {
            throw new IllegalStateException("DPU output has " + b.getInt(4) + " slices, the image " + tasklets);
        }
        int[] lengths = new int[parts.length];
        lengths[0] = SchemaLayout.RESULT_HEADER_BYTES; // read already: the header
        for (int t = 0; t < tasklets; t++) {
            lengths[1 + t] = b.getInt(16 + 8 * t);
        }
        lengths[tasklets + 1] = (b.getInt(8) + 7) & ~7;
        return lengths;
    }

    private static void checkMagic(int magic) {
        if (magic != SchemaLayout.RESULT_MAGIC) {
            throw new IllegalStateException(String.format("DPU output has magic 0x%08x, expected \"PIMR\"", magic));
        }
    }

    @Override
    public List<CallOutcome> decodeQueue(List<RoutedCall> calls, byte[][] out) {
        var outcomes = new ArrayList<CallOutcome>(calls.size());
        for (Result r : decodeResults(calls, out)) {
            outcomes.add(r == null ? null : r.outcome()); // null: the call did not run (output full)
        }
        return outcomes;
    }

    @Override
    public List<Result> decodeResults(List<RoutedCall> calls, byte[][] out) {
        ByteBuffer header = BlockCodec.littleEndian(out[0]);
        checkMagic(header.getInt(0));
        int tasklets = parts.length - 2;
        boolean full = (header.getInt(12) & 1) != 0;
        ByteBuffer published = BlockCodec.littleEndian(out[tasklets + 1]);
        // records are in the tasklets' slices, not in batch order: each names its call's batch index
        var outcomes = new ArrayList<Result>(java.util.Collections.nCopies(calls.size(), (Result) null));
        int done = 0;
        for (int t = 0; t < tasklets; t++) {
            ByteBuffer b = BlockCodec.littleEndian(out[1 + t]);
            int records = header.getInt(20 + 8 * t);
            int pos = 0;
            for (int r = 0; r < records; r++) {
                pos += decodeRecord(calls, b, pos, published, outcomes);
                done++;
            }
            if (pos != b.capacity()) {
                throw new IllegalStateException("DPU output slice " + t + " holds " + b.capacity() + " bytes, its "
                        + records + " records " + pos);
            }
        }
        if (done > calls.size() || (!full && done != calls.size())) {
            throw new IllegalStateException("DPU reports " + done + " calls run of " + calls.size()
                    + (full ? " (output full)" : ""));
        }
        return outcomes;
    }

    /** Decodes the record at {@code pos} of a slice into its call's place; returns its bytes. */
    private int decodeRecord(List<RoutedCall> calls, ByteBuffer b, int pos, ByteBuffer published, List<Result> outcomes) {
        int recordBytes = b.getInt(pos);
        int status = Short.toUnsignedInt(b.getShort(pos + 6));
        long sequence = b.getLong(pos + 8);
        int index = b.getInt(pos + 28);
        if (index < 0 || index >= calls.size() || outcomes.get(index) != null
                || sequence != calls.get(index).call().sequence()) {
            throw new IllegalStateException("DPU output record for call " + sequence + " at batch index " + index
                    + " is not a call of the batch or was answered twice");
        }
        RoutedCall c = calls.get(index);
        byte[] state = new byte[5];
        b.get(pos + 16, state);
        int sets = Byte.toUnsignedInt(b.get(pos + 21));
        int messageLength = Short.toUnsignedInt(b.getShort(pos + 22));
        int outBytes = b.getInt(pos + 24);
        int mpBytes = b.getInt(pos + 32);
        long ops = Integer.toUnsignedLong(b.getInt(pos + 36));
        int undo = b.getInt(pos + 40);
        int body = pos + SchemaLayout.RECORD_HEADER_BYTES;
        ExchangeReport report = mpBytes == 0 ? null : report(b, pos + recordBytes - mpBytes, published,
                parts[parts.length - 1]);
        CallOutcome outcome;
        if (status != 0) {
            byte[] message = new byte[messageLength];
            b.get(body, message);
            outcome = new CallOutcome.Failure(sequence, new String(state, StandardCharsets.ISO_8859_1),
                    new String(message, StandardCharsets.ISO_8859_1));
        } else {
            outcome = success(c, b, body, sets, outBytes);
        }
        outcomes.set(index, new Result(outcome, report, ops, undo));
        return recordBytes;
    }

    /**
     * The exchange report at the end of a record: {u32 entries, u32 stop, u32 needed DPU, u16 status, u16 needs, u32
     * the entries' offset in the output area, u32 their bytes}, the needed DPUs of a blocked join (u32 each, padded
     * to 8). The entries are in the exchange region ({@code published}, read from {@code publishedAt}).
     */
    private static ExchangeReport report(ByteBuffer b, int at, ByteBuffer published, int publishedAt) {
        int n = b.getInt(at);
        int stop = b.getInt(at + 4);
        int need = b.getInt(at + 8);
        int status = Short.toUnsignedInt(b.getShort(at + 12));
        int needs = Short.toUnsignedInt(b.getShort(at + 14));
        int from = b.getInt(at + 16) - publishedAt;
        int bytes = b.getInt(at + 20);
        if (from < 0 || from + bytes > published.capacity()) {
            throw new IllegalStateException("exchange report entries at " + from + " (" + bytes + " bytes) outside the "
                    + published.capacity() + " bytes read of the exchange region");
        }
        var needed = new ArrayList<Integer>(needs);
        for (int i = 0; i < needs; i++) {
            needed.add(b.getInt(at + REPORT_HEADER_BYTES + 4 * i));
        }
        var entries = new ArrayList<ExchangeVector.Entry>(n);
        int pos = from;
        for (int i = 0; i < n; i++) {
            int statement = Short.toUnsignedInt(published.getShort(pos));
            int length = Short.toUnsignedInt(published.getShort(pos + 2));
            int ordinal = published.getInt(pos + 4);
            byte[] value = new byte[length];
            published.get(pos + 8, value);
            entries.add(new ExchangeVector.Entry(statement, ordinal, value));
            pos += 8 + ((length + 7) & ~7);
        }
        if (pos != from + bytes) {
            throw new IllegalStateException("exchange report of " + n + " entries in " + bytes + " bytes, they take "
                    + (pos - from));
        }
        return new ExchangeReport(status, stop, need, needed, entries);
    }

    /** Bytes of an exchange report's header (before the needed DPUs). */
    private static final int REPORT_HEADER_BYTES = 24;

    private CallOutcome.Success success(RoutedCall c, ByteBuffer b, int at, int sets, int outBytes) {
        ProcCodec pc = codecOf(c.procedure());
        List<ResultTable> tables = sets == 0 ? List.of() : new ArrayList<>(sets);
        int pos = at;
        for (int s = 0; s < sets; s++) {
            int index = b.getInt(pos);
            int rows = b.getInt(pos + 4);
            pos += SchemaLayout.RESULT_SET_HEADER_BYTES;
            tables.add(rows(pc, index, b, pos, rows));
            pos += rows * pc.layout().resultSets().get(index).row().bytes();
        }
        List<Variable> declared = c.procedure().params();
        var outs = new ArrayList<Object>(declared.size());
        for (int p = 0; p < declared.size(); p++) {
            outs.add(declared.get(p).mode() == ParamMode.IN || outBytes == 0 ? null : BlockCodec.get(b, pos, pc.params()[p]));
        }
        return new CallOutcome.Success(c.call().sequence(), outs, tables);
    }

    /** {@code rows} rows of result set {@code index} from {@code pos}, each its layout's bytes long. */
    private static ResultTable rows(ProcCodec pc, int index, ByteBuffer b, int pos, int rows) {
        ResultSetLayout rl = pc.layout().resultSets().get(index);
        List<FieldLayout> fields = rl.row().fields();
        var data = new ArrayList<List<Object>>(rows);
        for (int r = 0; r < rows; r++) {
            Object[] row = new Object[fields.size()];
            for (int f = 0; f < row.length; f++) {
                row[f] = BlockCodec.get(b, pos, fields.get(f));
            }
            data.add(java.util.Collections.unmodifiableList(java.util.Arrays.asList(row)));
            pos += rl.row().bytes();
        }
        return new ResultTable(pc.setNames().get(index), pc.setTypes().get(index), data, index);
    }

    @Override
    public ResultTable resultRows(Procedure procedure, int index, List<byte[]> rows) {
        int bytes = layoutOf(procedure).resultSets().get(index).row().bytes();
        byte[] all = new byte[rows.size() * bytes];
        for (int i = 0; i < rows.size(); i++) {
            System.arraycopy(rows.get(i), 0, all, i * bytes, bytes);
        }
        return rows(codecOf(procedure), index, BlockCodec.littleEndian(all), 0, rows.size());
    }

    @Override
    public String storageSignature() {
        return layout.memory() + "|" + layout.tables();
    }
}
