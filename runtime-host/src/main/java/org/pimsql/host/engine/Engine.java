package org.pimsql.host.engine;

import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.pimsql.frontend.SqlScript;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Variable;
import org.pimsql.host.backend.DpuBackend;
import org.pimsql.host.backend.DpuException;
import org.pimsql.host.log.CommandLog;
import org.pimsql.host.log.CommandSink;
import org.pimsql.host.log.LogRecord;
import org.pimsql.host.sequencer.Epoch;
import org.pimsql.host.sequencer.SequencedCall;
import org.pimsql.host.sequencer.Sequencer;
import org.pimsql.host.sequencer.SequencerStart;
import org.pimsql.host.sequencer.SequencerStats;

/**
 * One open database: its scripts and compiled schema, its DPUs, its command log and its sequencer.
 *
 * <p>Calls enter through {@link #call}; DDL through {@link #executeScript}, which runs between epochs
 * (a sequencer barrier) so that every call sees exactly the schema that preceded it in the log. A
 * {@code file:} database replays its log when it opens: scripts are recompiled and epochs re-executed
 * with their logged sequence numbers and timestamps, which yields the same DPU state (decision 4).
 */
public final class Engine implements AutoCloseable {
    /** Log format version written in the header record (2: the header carries the placement; 1 is still read). */
    public static final int LOG_FORMAT = 2;
    /** The procedure a code generator provides per table for bulk INSERTs: {@code PIMSQL_LOAD_<table>}. */
    public static final String LOADER_PREFIX = "PIMSQL_LOAD_";

    private final EngineConfig config;
    private final CommandSink log;
    private final DpuBackend backend;
    private final PartitionPlacement placement;
    private final List<SqlScript> scripts = new ArrayList<>();
    private volatile CompiledSchema schema;
    private final DpuEpochProcessor processor;
    private Sequencer sequencer;

    private Engine(EngineConfig config, CommandSink log, DpuBackend backend, int hashBucketsLog2,
                   PartitionPlacement placement) {
        this.config = config;
        this.log = log;
        this.backend = backend;
        this.placement = placement;
        this.snapshotBytes = new long[placement.dpuCount()];
        this.snapshotTransfers = new long[placement.dpuCount()];
        this.processor = new DpuEpochProcessor(backend, () -> schema, placement,
                new CallCodec.Format(hashBucketsLog2));
    }

    /** Opens a database; a {@code file:} one is first rebuilt by replaying its command log. */
    public static Engine open(EngineConfig config) throws SQLException {
        CommandSink log = CommandSink.NONE;
        List<LogRecord> recovered = List.of();
        if (config.location() instanceof DatabaseLocation.Directory d) {
            try {
                CommandLog fileLog = CommandLog.open(d.dir());
                log = fileLog;
                recovered = fileLog.recovered();
            } catch (IOException e) {
                throw new SQLNonTransientConnectionException("cannot open the command log in " + d.dir() + ": "
                        + e.getMessage(), "08001", e);
            }
        }
        try {
            LogRecord.DatabaseHeader shape = checkOrWriteHeader(config, log, recovered);
            PartitionPlacement placement = PartitionPlacement.modulo(shape.partitionCount(), shape.dpuCount());
            DpuBackend backend;
            try {
                backend = config.backends().allocate(config.dpus());
            } catch (DpuException e) {
                throw new SQLNonTransientConnectionException("cannot allocate " + config.dpus() + " DPUs: "
                        + e.getMessage(), "08001", e);
            }
            var engine = new Engine(config, log, backend, shape.hashBucketsLog2(), placement);
            try {
                SequencerStart start = engine.replay(recovered);
                engine.sequencer = new org.pimsql.host.sequencer.Sequencer(config.sequencer(), log, engine.processor,
                        config.clock(), start);
            } catch (SQLException | RuntimeException e) {
                backend.close();
                config.compiler().close();
                throw e;
            }
            return engine;
        } catch (SQLException | RuntimeException e) {
            try {
                log.close();
            } catch (IOException closeError) {
                e.addSuppressed(closeError);
            }
            throw e;
        }
    }

    /**
     * Checks a reopened log against the configuration, or starts a new one; returns the database's shape
     * (partitions, DPUs, placement map, hash index size). The placement is part of the log's metadata: a
     * database reopens on the DPU count it was created with, and with its logged partition count (adopted
     * when {@code partitions} is not given, refused when another one is), since replaying the log on
     * another placement would build a different database.
     */
    private static LogRecord.DatabaseHeader checkOrWriteHeader(EngineConfig config, CommandSink log,
                                                               List<LogRecord> recovered) throws SQLException {
        int partitions = config.partitions() == 0 ? config.dpus() : config.partitions();
        var wanted = new LogRecord.DatabaseHeader(LOG_FORMAT, partitions, config.hashBucketsLog2(), config.dpus(),
                PartitionPlacement.MODULO);
        if (!(config.location() instanceof DatabaseLocation.Directory d)) {
            return wanted;
        }
        if (recovered.isEmpty()) {
            try {
                log.append(wanted);
                log.commit();
            } catch (IOException e) {
                throw new SQLNonTransientConnectionException("cannot write the command log: " + e.getMessage(),
                        "08001", e);
            }
            return wanted;
        }
        if (!(recovered.getFirst() instanceof LogRecord.DatabaseHeader header)) {
            throw new SQLNonTransientConnectionException(d.dir() + ": command log does not start with a header",
                    "08001");
        }
        if (header.formatVersion() < 1 || header.formatVersion() > LOG_FORMAT) {
            throw new SQLNonTransientConnectionException(d.dir() + ": command log format " + header.formatVersion()
                    + " is not supported (this version reads 1.." + LOG_FORMAT + ")", "08001");
        }
        String logged = header.partitionCount() + " partitions on " + header.dpuCount() + " DPUs (placement "
                + header.placement() + ")";
        if (!PartitionPlacement.MODULO.equals(header.placement())) {
            throw new SQLNonTransientConnectionException(d.dir() + " was created with " + logged
                    + "; this version only knows the placement " + PartitionPlacement.MODULO, "08001");
        }
        if (header.dpuCount() != config.dpus()
                || (config.partitions() != 0 && config.partitions() != header.partitionCount())) {
            throw new SQLNonTransientConnectionException(d.dir() + " was created with " + logged + " and cannot be "
                    + "reopened with dpus=" + config.dpus() + (config.partitions() != 0 ? " partitions="
                    + config.partitions() : "") + ": the placement is fixed in its command log (replaying the log on "
                    + "another placement would build a different database); reopen it with dpus=" + header.dpuCount()
                    + " (and partitions=" + header.partitionCount() + " or no partitions option)", "08001");
        }
        if (config.hashBucketsLog2() != 0 && config.hashBucketsLog2() != header.hashBucketsLog2()) {
            throw new SQLNonTransientConnectionException(d.dir() + " was created with bucketsLog2="
                    + header.hashBucketsLog2() + "; the hash index size cannot change", "08001");
        }
        return header;
    }

    /** Re-executes the recovered records and returns where numbering continues. */
    private SequencerStart replay(List<LogRecord> recovered) throws SQLException {
        long nextSequence = 1;
        long nextEpoch = 1;
        long lastTimestamp = Long.MIN_VALUE;
        boolean stale = false;
        for (LogRecord record : recovered) {
            switch (record) {
                case LogRecord.DatabaseHeader h -> {
                    // checked before replay
                }
                case LogRecord.Script s -> {
                    scripts.add(new SqlScript(s.fileName(), s.text()));
                    stale = true;
                }
                case LogRecord.Epoch e -> {
                    if (stale) {
                        schema = config.compiler().compile(List.copyOf(scripts), placement.partitionCount());
                        stale = false;
                    }
                    var calls = new ArrayList<SequencedCall>(e.calls().size());
                    for (LogRecord.LoggedCall c : e.calls()) {
                        calls.add(new SequencedCall(c.sequence(), c.timestampMicros(),
                                new CallRequest(c.procedure(), c.args()), new CompletableFuture<>()));
                        nextSequence = c.sequence() + 1;
                        lastTimestamp = c.timestampMicros();
                    }
                    try {
                        processor.prepare(new Epoch(e.number(), calls)).execute();
                    } catch (Exception ex) {
                        throw new SQLNonTransientConnectionException("replay of epoch " + e.number() + " failed: "
                                + ex.getMessage(), "08001", ex);
                    }
                    nextEpoch = e.number() + 1;
                }
            }
        }
        if (stale) {
            schema = config.compiler().compile(List.copyOf(scripts), placement.partitionCount());
        }
        return new SequencerStart(nextSequence, nextEpoch, lastTimestamp);
    }

    /**
     * Runs a DDL script ({@code fileName} names it in diagnostics; null numbers it, {@code script-N.sql}):
     * the whole schema is recompiled with it, the script is logged, and calls that come
     * after it see the new programs. A script that does not compile changes nothing.
     */
    public void executeScript(String fileName, String text) throws SQLException {
        SqlErrors.await(sequencer.barrier(() -> {
            var all = new ArrayList<>(scripts);
            all.add(new SqlScript(fileName != null ? fileName : "script-" + (scripts.size() + 1) + ".sql", text));
            CompiledSchema compiled = config.compiler().compile(List.copyOf(all), placement.partitionCount());
            CompiledSchema previous = schema;
            if (previous != null && processor.formatted()
                    && !previous.codec().storageSignature().equals(compiled.codec().storageSignature())) {
                throw SqlErrors.of("0A000", "this script changes how tables are stored, and the DPUs already hold "
                        + "data; PimSQL cannot yet alter the tables of a loaded database. Declare every table before "
                        + "the first call (procedures may still be added later).");
            }
            log.append(new LogRecord.Script(all.getLast().fileName(), text));
            log.commit();
            scripts.add(all.getLast());
            schema = compiled;
            return null;
        }));
    }

    /** The catalog of the current schema (empty before the first script). */
    public Catalog catalog() {
        CompiledSchema s = schema;
        return s == null ? new Catalog(java.util.Map.of(), java.util.Map.of()) : s.catalog();
    }

    /** The procedure named {@code name} (canonical, or unquoted and then upper-cased), or an SQLException. */
    public Procedure procedure(String name) throws SQLException {
        Catalog catalog = catalog();
        Procedure p = catalog.procedure(name);
        if (p == null) {
            p = catalog.procedure(name.toUpperCase(java.util.Locale.ROOT));
        }
        if (p == null) {
            throw SqlErrors.of("42501", "user lacks privilege or object not found: procedure " + name);
        }
        return p;
    }

    /**
     * Submits a call. {@code args} has one value per parameter (OUT positions are ignored); values are
     * converted to the parameter types here, so a bad argument fails at once and is never logged.
     */
    public CompletableFuture<CallOutcome> call(String procedureName, List<?> args) throws SQLException {
        Procedure p = procedure(procedureName);
        List<Variable> params = p.params();
        if (args.size() != params.size()) {
            throw SqlErrors.of("42561", "procedure " + p.name() + " takes " + params.size() + " arguments, got "
                    + args.size());
        }
        var canonical = new ArrayList<Object>(params.size());
        for (int i = 0; i < params.size(); i++) {
            Variable v = params.get(i);
            canonical.add(v.readable()
                    ? HostValues.toCanonical(args.get(i), v.type(), "parameter " + (i + 1) + " (" + v.name() + ")")
                    : null);
        }
        return sequencer.submit(new CallRequest(p.name(), canonical));
    }

    /** Submits one row for bulk loading through the table's loader procedure; many rows share an epoch. */
    public CompletableFuture<CallOutcome> insert(String table, List<?> row) throws SQLException {
        return call(LOADER_PREFIX + table, row);
    }

    /**
     * Reads {@code length} bytes of one DPU's MRAM heap at {@code heapOffset} (a multiple of 8), between
     * epochs: after every call submitted earlier has executed and while no DPU runs. For checks such as
     * "replaying a log gives identical MRAM on every DPU" (decision 4).
     */
    public byte[] readMram(int dpu, long heapOffset, int length) throws SQLException {
        return SqlErrors.await(sequencer.barrier(() -> backend.copyFrom(dpu, MramRegion.MRAM_HEAP, heapOffset, length)));
    }

    /** What {@link #withSnapshot} runs: reads through the snapshot, computes, returns a result. */
    @FunctionalInterface
    public interface SnapshotAction<T> {
        T apply(TableSnapshot snapshot) throws Exception;
    }

    private long snapshots;
    private final long[] snapshotBytes;
    private final long[] snapshotTransfers;

    /**
     * Runs {@code action} between two epochs (a sequencer barrier: after every call submitted earlier has
     * executed, before any later call is sequenced) with a {@link TableSnapshot} of the committed tables. So
     * whatever the action reads is the state after one whole epoch. The DPUs wait while it runs: do the
     * reading and the computation that must see the snapshot here, and anything else outside.
     */
    public <T> T withSnapshot(SnapshotAction<T> action) throws SQLException {
        return SqlErrors.await(sequencer.barrier(() -> {
            CompiledSchema current = schema;
            if (current != null && current.layout() == null) {
                throw SqlErrors.of("0A000", "this runtime cannot read tables from its DPUs (its compiled schema "
                        + "has no storage layout)");
            }
            Catalog catalog = current == null ? catalog() : current.catalog();
            var snapshot = new TableSnapshot(catalog, current == null ? null : new TableReader(current.layout()),
                    backend, placement);
            try {
                return action.apply(snapshot);
            } finally {
                long[][] read = snapshot.close();
                synchronized (snapshotBytes) {
                    snapshots++;
                    for (int d = 0; d < snapshotBytes.length; d++) {
                        snapshotBytes[d] += read[0][d];
                        snapshotTransfers[d] += read[1][d];
                    }
                }
            }
        }));
    }

    /**
     * Closes the epoch being filled now, without waiting for its time or size bound ({@code epochMillis},
     * {@code epochCalls}), and returns once every call submitted before has executed and is counted in
     * {@link #executionStats} and {@link #stats}. For a client that has sent a burst of asynchronous calls and
     * has nothing more to add, and for tests that must not wait on the epoch timer.
     */
    public void closeEpoch() throws SQLException {
        SqlErrors.await(sequencer.barrier(() -> null));
    }

    /** MRAM reads made by {@link #withSnapshot} (ad-hoc queries) since the database opened. */
    public SnapshotStats snapshotStats() {
        synchronized (snapshotBytes) {
            return new SnapshotStats(snapshots, snapshotBytes, snapshotTransfers);
        }
    }

    public int partitionCount() {
        return placement.partitionCount();
    }

    /** Where the logical partitions live (fixed for the database's life, recorded in its command log). */
    public PartitionPlacement placement() {
        return placement;
    }

    public EngineConfig config() {
        return config;
    }

    public SequencerStats stats() {
        return sequencer.stats();
    }

    /** Launches, program loads and bytes moved since the database opened (replay included). */
    public ExecutionStats executionStats() {
        return processor.stats();
    }

    /**
     * The simulator's counters (launches, transfer bytes with padding, MRAM DMA), process-wide: compare two
     * snapshots. Empty on hardware.
     */
    public java.util.Optional<org.pimsql.host.backend.SimulatorCounters> simulatorCounters() {
        return backend.simulatorCounters();
    }

    /** Finishes every submitted call, then releases the DPUs and closes the log. */
    @Override
    public void close() throws SQLException {
        try {
            sequencer.close();
        } finally {
            backend.close();
            config.compiler().close();
            try {
                log.close();
            } catch (IOException e) {
                throw new SQLException("closing the command log failed: " + e.getMessage(), "58030", e);
            }
        }
    }
}
