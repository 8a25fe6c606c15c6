package org.pimsql.host.engine;

import org.pimsql.host.call.CallRequest;
import org.pimsql.host.call.CallOutcome;
import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.pimsql.codegen.DatabaseFormat;
import org.pimsql.codegen.MemoryMap;
import org.pimsql.frontend.SqlScript;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Variable;
import org.pimsql.host.backend.DpuException;
import org.pimsql.host.log.LogRecord;
import org.pimsql.host.sequencer.SequencerStart;
import org.pimsql.host.sequencer.SequencerStats;
import org.pimsql.host.sequencer.Sequencer;
import org.pimsql.host.store.CheckpointMeta;
import org.pimsql.host.store.CheckpointSink;
import org.pimsql.host.store.DirectoryStore;
import org.pimsql.host.store.MemoryStore;
import org.pimsql.host.store.Progress;
import org.pimsql.host.store.Store;
import org.pimsql.host.store.StoreException;

/**
 * One open database: its scripts and compiled schema, its DPUs, its store (log and checkpoints) and its
 * sequencer.
 *
 * <p>Calls enter through {@link #call}; DDL through {@link #executeScript}, which runs between epochs
 * (a sequencer barrier) so that every call sees exactly the schema that preceded it in the log. Opening
 * restores the newest checkpoint and replays the log after it ({@link Recovery}): scripts are recompiled and
 * epochs re-executed with their logged sequence numbers and timestamps, which yields the same DPU state
 * (decision 4). Checkpoints are taken between epochs ({@link #checkpoint}; automatically by log size and time,
 * {@link CheckpointPolicy}); ad-hoc queries read a copy-on-write snapshot ({@link #withSnapshot}) and never
 * hold up calls.
 */
public final class Engine implements AutoCloseable {
    /** Log format version of the database shape (2: the shape carries the placement; 1 is still read). */
    public static final int LOG_FORMAT = 2;
    /** The procedure a code generator provides per table for bulk INSERTs: {@code PIMSQL_LOAD_<table>}. */
    public static final String LOADER_PREFIX = "PIMSQL_LOAD_";
    private static final System.Logger LOG = System.getLogger(Engine.class.getName());

    private final EngineConfig config;
    private final Store store;
    private final PartitionPlacement placement;
    private final Recovery recovery;
    private final MramSnapshots snapshots = new MramSnapshots();
    private final List<SqlScript> scripts = new ArrayList<>();
    private volatile CompiledSchema schema;
    private volatile ExecutionCore core;
    /** Counters of cores replaced after faults, so that {@link #executionStats} covers the database's life. */
    private volatile ExecutionStats retiredStats = new ExecutionStats(0, 0, 0, 0);
    private Sequencer sequencer;
    private OpenReport openReport;
    private final ReentrantLock checkpointLock = new ReentrantLock();
    private volatile CheckpointReport lastCheckpoint;
    private volatile long checkpointsTaken;
    private volatile long maxCheckpointHoldNanos;
    private volatile long lastCheckpointNanos = System.nanoTime();
    private volatile boolean checkpointsUnsupported;
    private ScheduledExecutorService checkpointer;

    private Engine(EngineConfig config, Store store, PartitionPlacement placement, int hashBucketsLog2) {
        this.config = config;
        this.store = store;
        this.placement = placement;
        this.snapshotBytes = new long[placement.dpuCount()];
        this.snapshotTransfers = new long[placement.dpuCount()];
        this.recovery = new Recovery(config, store, placement, new CallCodec.Format(hashBucketsLog2));
    }

    /** Opens a database; a {@code file:} one is first rebuilt from its newest checkpoint and its log. */
    public static Engine open(EngineConfig config) throws SQLException {
        long started = System.nanoTime();
        LogRecord.DatabaseHeader wanted = wantedShape(config);
        Store store;
        try {
            store = switch (config.location()) {
                case DatabaseLocation.Directory d -> DirectoryStore.open(d.dir(), config.readOnly(), wanted);
                case DatabaseLocation.Memory m -> new MemoryStore(m.name(), wanted);
            };
        } catch (StoreException e) {
            throw new SQLNonTransientConnectionException("cannot open the database " + config.location().key() + ": "
                    + e.getMessage(), e.sqlState(), e);
        }
        Engine engine = null;
        try {
            LogRecord.DatabaseHeader shape = checkShape(config, store);
            PartitionPlacement placement = PartitionPlacement.modulo(shape.partitionCount(), shape.dpuCount());
            engine = new Engine(config, store, placement, shape.hashBucketsLog2());
            Recovery.State state = engine.recovery.replayAll(Progress.CURRENT.get());
            engine.core = state.core();
            engine.scripts.addAll(state.scripts());
            engine.schema = state.core().schema();
            if (engine.schema != null) {
                engine.recovery.remember(engine.scripts, engine.schema);
            }
            Engine e = engine;
            var processor = new LiveProcessor(() -> e.core, e::install, e.snapshots, e.recovery);
            engine.sequencer = new Sequencer(config.sequencer(), store, processor, config.clock(), state.resume());
            CheckpointMeta ck = store.newestCheckpoint();
            engine.openReport = new OpenReport((System.nanoTime() - started) / 1_000_000, ck == null ? 0 : ck.lsn(),
                    state.epochs(), state.calls(), store.logBytesSinceCheckpoint(),
                    store instanceof DirectoryStore ds ? ds.tornBytes() : 0, state.compileMillis(),
                    state.restoreMillis(), state.replayMillis());
            engine.startCheckpointer();
            return engine;
        } catch (SQLException | RuntimeException e) {
            if (engine != null && engine.core != null) {
                engine.core.close();
            }
            config.compiler().close();
            try {
                store.close();
            } catch (IOException closeError) {
                e.addSuppressed(closeError);
            }
            throw e;
        }
    }

    private static LogRecord.DatabaseHeader wantedShape(EngineConfig config) {
        int partitions = config.partitions() == 0 ? config.dpus() : config.partitions();
        return new LogRecord.DatabaseHeader(LOG_FORMAT, partitions, config.hashBucketsLog2(), config.dpus(),
                PartitionPlacement.MODULO);
    }

    /**
     * Checks a reopened database's shape against the configuration; returns the shape (partitions, DPUs, placement
     * map, hash index size). The placement is part of the database: it reopens on the DPU count it was created with,
     * and with its partition count (adopted when {@code partitions} is not given, refused when another one is),
     * since replaying the log on another placement would build a different database.
     */
    private static LogRecord.DatabaseHeader checkShape(EngineConfig config, Store store) throws SQLException {
        LogRecord.DatabaseHeader header = store.shape();
        if (!(config.location() instanceof DatabaseLocation.Directory d)) {
            return header;
        }
        if (header.formatVersion() < 1 || header.formatVersion() > LOG_FORMAT) {
            throw new SQLNonTransientConnectionException(d.dir() + ": database shape format " + header.formatVersion()
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
                    + config.partitions() : "") + ": the placement is fixed in its database marker (replaying the log "
                    + "on another placement would build a different database); reopen it with dpus=" + header.dpuCount()
                    + " (and partitions=" + header.partitionCount() + " or no partitions option)", "08001");
        }
        if (config.hashBucketsLog2() != 0 && config.hashBucketsLog2() != header.hashBucketsLog2()) {
            throw new SQLNonTransientConnectionException(d.dir() + " was created with bucketsLog2="
                    + header.hashBucketsLog2() + "; the hash index size cannot change", "08001");
        }
        return header;
    }

    /** Installs the core a fault isolation rebuilt (executor thread, DPU lock held). */
    private void install(ExecutionCore rebuilt) {
        ExecutionCore old = core;
        if (rebuilt == old) {
            return;
        }
        retiredStats = plus(retiredStats, old.processor.stats());
        core = rebuilt;
        CompiledSchema s = schema;
        if (s != null && rebuilt.schema() != s) {
            rebuilt.schema(s);
        }
    }

    private static ExecutionStats plus(ExecutionStats a, ExecutionStats b) {
        return new ExecutionStats(a.launches() + b.launches(), a.kernelLoads() + b.kernelLoads(),
                a.bytesPushed() + b.bytesPushed(), a.bytesPulled() + b.bytesPulled(), a.dpuCalls() + b.dpuCalls(),
                a.waves() + b.waves(), a.epochs() + b.epochs(), a.exchangeCalls() + b.exchangeCalls(),
                Math.max(a.maxEpochLaunches(), b.maxEpochLaunches()), Math.max(a.maxChainDepth(), b.maxChainDepth()),
                a.epochsOverBound() + b.epochsOverBound(), Math.max(a.maxOwnChain(), b.maxOwnChain()),
                a.programInstructions() + b.programInstructions());
    }

    private void checkWritable() throws SQLException {
        if (store.readOnly()) {
            throw SqlErrors.of(StoreException.READ_ONLY, store.name() + " is open read-only (readOnly=true): calls, "
                    + "scripts and checkpoints are refused; queries work");
        }
    }

    /**
     * Runs a DDL script ({@code fileName} names it in diagnostics; null numbers it, {@code script-N.sql}):
     * the whole schema is recompiled with it, the script is logged, and calls that come
     * after it see the new programs. A script that does not compile changes nothing.
     */
    public void executeScript(String fileName, String text) throws SQLException {
        checkWritable();
        SqlErrors.await(sequencer.barrier(() -> {
            var all = new ArrayList<>(scripts);
            all.add(new SqlScript(fileName != null ? fileName : "script-" + (scripts.size() + 1) + ".sql", text));
            CompiledSchema compiled;
            try {
                compiled = config.compiler().compile(List.copyOf(all), placement.partitionCount());
            } catch (StackOverflowError e) {
                SQLException tooDeep = SqlErrors.of("54001", "the script is too complex to compile: an expression or "
                        + "statement is nested too deeply");
                tooDeep.initCause(e);
                throw tooDeep;
            }
            CompiledSchema previous = schema;
            ExecutionCore c = core;
            if (previous != null && (c.processor.formatted() || c.formattedOnDpus)
                    && !previous.codec().storageSignature().equals(compiled.codec().storageSignature())) {
                throw SqlErrors.of("0A000", "this script changes how tables are stored, and the DPUs already hold "
                        + "data; PimSQL cannot yet alter the tables of a loaded database. Declare every table before "
                        + "the first call (procedures may still be added later).");
            }
            store.append(new LogRecord.Script(all.getLast().fileName(), text));
            store.commit();
            scripts.add(all.getLast());
            schema = compiled;
            c.schema(compiled);
            recovery.remember(scripts, compiled);
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
        if (name == null) {
            throw SqlErrors.of("42501", "user lacks privilege or object not found: procedure (no name)");
        }
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
        checkWritable();
        List<Variable> params = p.params();
        if (args == null || args.size() != params.size()) {
            throw SqlErrors.of("42561", "procedure " + p.name() + " takes " + params.size() + " arguments, got "
                    + (args == null ? "none" : args.size()));
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

    /**
     * Withdraws a call returned by {@link #call} that has not been sequenced yet (a timeout or a cancel):
     * its future fails with {@code reason} and it never runs. False once the call is sequenced: it is then in
     * the command log and will commit or roll back as its epoch runs.
     */
    public boolean withdraw(CompletableFuture<CallOutcome> call, SQLException reason) {
        return sequencer.withdraw(call, reason);
    }

    /**
     * Submits one row (one value per column) for bulk loading through the table's loader procedure, checked as
     * {@link #insertAll} checks a statement's rows; many rows share an epoch.
     */
    public CompletableFuture<CallOutcome> insert(String table, List<?> row) throws SQLException {
        Catalog catalog = catalog();
        // the canonical name, or an unquoted one upper-cased (as procedure names resolve)
        Table t = table == null ? null : catalog.table(table);
        if (t == null && table != null) {
            t = catalog.table(table.toUpperCase(java.util.Locale.ROOT));
        }
        if (t == null) {
            throw SqlErrors.of("42501", "user lacks privilege or object not found: table " + table);
        }
        return insertAll(t, List.of(row)).getFirst();
    }

    /**
     * Submits the rows of one INSERT statement (one value per column each) through the table's loader procedure,
     * once all of them have passed {@link InsertRows}'s checks: a statement with a value that does not convert, a
     * NULL in a NOT NULL column or two rows with one primary key inserts nothing. One future per row, in order.
     */
    public List<CompletableFuture<CallOutcome>> insertAll(Table table, List<? extends List<?>> rows)
            throws SQLException {
        Procedure loader = procedure(LOADER_PREFIX + table.name());
        checkWritable();
        List<List<Object>> checked = InsertRows.check(table, loader, rows);
        var futures = new ArrayList<CompletableFuture<CallOutcome>>(checked.size());
        for (List<Object> row : checked) {
            futures.add(sequencer.submit(new CallRequest(loader.name(), row)));
        }
        return futures;
    }

    /**
     * Reads {@code length} bytes of one DPU's MRAM heap at {@code heapOffset} (a multiple of 8), between
     * epochs: after every call submitted earlier has executed and while no DPU runs. For checks such as
     * "replaying a log gives identical MRAM on every DPU" (decision 4).
     */
    public byte[] readMram(int dpu, long heapOffset, int length) throws SQLException {
        return betweenEpochs(() -> core.backend.copyFrom(dpu, MramRegion.MRAM_HEAP, heapOffset, length));
    }

    /** Runs {@code read} in a sequencer barrier, holding off queries' snapshots: no DPU runs meanwhile. */
    private <T> T betweenEpochs(java.util.concurrent.Callable<T> read) throws SQLException {
        return SqlErrors.await(sequencer.barrier(() -> {
            snapshots.lock().lock();
            try {
                return read.call();
            } finally {
                snapshots.lock().unlock();
            }
        }));
    }

    /**
     * How full every DPU's data area is, read between epochs (as {@link #readMram}): the allocator's bump pointer of
     * each DPU's database header (docs/vm.md "The batch and the database header": magic, ntables, bump, limit).
     */
    public DataAreaUse dataAreaUse() throws SQLException {
        MemoryMap map = MemoryMap.standard();
        return betweenEpochs(() -> {
            long[] used = new long[placement.dpuCount()];
            for (int d = 0; d < used.length && (core.processor.formatted() || core.formattedOnDpus); d++) {
                used[d] = DataAreaUse.bytesInUse(core.backend.copyFrom(d, MramRegion.MRAM_HEAP, map.dbOffset(), 16), map);
            }
            return new DataAreaUse(used, map.dataEnd() - map.dataOffset());
        });
    }

    /**
     * Runs {@code action} in a sequencer barrier, after every call submitted earlier has executed: calls submitted
     * while it runs are queued (not sequenced) until it returns. For maintenance that must see the database between
     * epochs, and for tests of queued calls (cancel, timeouts).
     */
    public <T> T exclusive(java.util.concurrent.Callable<T> action) throws SQLException {
        return SqlErrors.await(sequencer.barrier(action));
    }

    /** What {@link #withSnapshot} runs: reads through the snapshot, computes, returns a result. */
    @FunctionalInterface
    public interface SnapshotAction<T> {
        T apply(TableSnapshot snapshot) throws Exception;
    }

    private long snapshotCount;
    private final long[] snapshotBytes;
    private final long[] snapshotTransfers;

    /**
     * Runs {@code action} over a {@link TableSnapshot} of the committed tables as they were at one epoch boundary:
     * the state after whole epochs, including every call that returned before this method was called. The action
     * runs on the caller's thread, outside the sequencer: calls keep running meanwhile (the first epoch that changes
     * a DPU the snapshot has not read yet copies that DPU's memory for it, see {@link MramSnapshots}). Fails with
     * 53200 when that copy would exhaust the heap.
     */
    public <T> T withSnapshot(SnapshotAction<T> action) throws SQLException {
        MramSnapshot snap;
        CompiledSchema current;
        snapshots.lock().lock();
        try {
            ExecutionCore c = core;
            current = schema;
            if (current != null && current.layout() == null) {
                throw SqlErrors.of("0A000", "this runtime cannot read tables from its DPUs (its compiled schema "
                        + "has no storage layout)");
            }
            try {
                c.processor.settle(false, snapshots::beforeWrite);
            } catch (DpuException e) {
                throw new SQLException("resolving kept writes before a snapshot failed: " + e.getMessage(), "58000", e);
            }
            snap = snapshots.open(c, current, true);
        } finally {
            snapshots.lock().unlock();
        }
        Catalog catalog = current == null ? catalog() : current.catalog();
        var snapshot = new TableSnapshot(catalog, current == null || current.layout() == null ? null
                : new TableReader(current.layout()), snap, placement);
        try {
            return action.apply(snapshot);
        } catch (SQLException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new SQLException(e.getMessage(), "XX000", e);
        } finally {
            long[][] read = snapshot.close();
            snap.close();
            synchronized (snapshotBytes) {
                snapshotCount++;
                for (int d = 0; d < snapshotBytes.length; d++) {
                    snapshotBytes[d] += read[0][d];
                    snapshotTransfers[d] += read[1][d];
                }
            }
        }
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
            return new SnapshotStats(snapshotCount, snapshotBytes, snapshotTransfers);
        }
    }

    /**
     * Copies of DPU memory the executor made for open snapshots (queries, checkpoints) before epochs changed it:
     * {count, bytes, nanoseconds}. This is all the time readers cost writers.
     */
    public long[] snapshotCopyStats() {
        return snapshots.copyStats();
    }

    /**
     * Takes a checkpoint now and returns once it is durable ({@code CHECKPOINT}, {@code pimsql checkpoint}). The
     * sequencer is held only to mark the epoch boundary; the DPUs' memory is then read while calls continue.
     */
    public CheckpointReport checkpoint() throws SQLException {
        checkWritable();
        checkpointLock.lock();
        try {
            return takeCheckpoint(Progress.CURRENT.get());
        } finally {
            checkpointLock.unlock();
        }
    }

    private record Capture(CheckpointMeta meta, MramSnapshot snapshot, long holdNanos) {}

    private CheckpointReport takeCheckpoint(Progress progress) throws SQLException {
        Capture capture = SqlErrors.await(sequencer.barrier(this::capture));
        long started = System.nanoTime();
        long bytes;
        MramSnapshot snap = capture.snapshot();
        try (CheckpointSink sink = store.beginCheckpoint(capture.meta())) {
            if (snap.hasData()) {
                MemoryMap map = snap.map();
                progress.begin("writing the checkpoint", snap.dpuCount(), "DPUs");
                try {
                    for (int d = 0; d < snap.dpuCount(); d++) {
                        byte[][] image = snap.image(d);
                        sink.write(d, map.dbOffset(), image[0], 0, image[0].length);
                        sink.write(d, map.dataOffset(), image[1], 0, image[1].length);
                        progress.step(1);
                    }
                } finally {
                    progress.end();
                }
            }
            bytes = sink.commit();
        } catch (IOException e) {
            throw new SQLException("writing the checkpoint of " + store.name() + " failed (the previous one stays in "
                    + "force): " + e.getMessage(), e instanceof StoreException se ? se.sqlState() : "58030", e);
        } catch (DpuException e) {
            throw new SQLException("reading the DPUs for a checkpoint failed: " + e.getMessage(), "58000", e);
        } finally {
            snap.close();
        }
        var report = new CheckpointReport(capture.meta().lsn(), bytes, capture.holdNanos(),
                (System.nanoTime() - started) / 1_000_000);
        lastCheckpoint = report;
        maxCheckpointHoldNanos = Math.max(maxCheckpointHoldNanos, report.holdNanos());
        checkpointsTaken++;
        lastCheckpointNanos = System.nanoTime();
        return report;
    }

    /** In a barrier: the epoch boundary a checkpoint records (kept undo segments resolved, a new log segment). */
    private Capture capture() throws Exception {
        long started = System.nanoTime();
        snapshots.lock().lock();
        try {
            ExecutionCore c = core;
            CompiledSchema s = schema;
            if (c.formattedOnDpus && (s == null || s.layout() == null)) {
                checkpointsUnsupported = true;
                throw SqlErrors.of("0A000", "this runtime cannot take checkpoints (its compiled schema has no "
                        + "storage layout)");
            }
            c.processor.settle(true, snapshots::beforeWrite);
            long lsn = store.prepareCheckpoint();
            SequencerStart position = sequencer.position();
            MemoryMap map = s == null || s.layout() == null ? null : s.layout().memory();
            var logged = new ArrayList<LogRecord.Script>(scripts.size());
            for (SqlScript script : scripts) {
                logged.add(new LogRecord.Script(script.fileName(), script.text()));
            }
            var meta = new CheckpointMeta(lsn, position.nextSequence(), position.nextEpoch(),
                    position.lastTimestampMicros(), c.formattedOnDpus, placement.dpuCount(),
                    map == null ? 0 : map.dbOffset(), map == null ? 0 : DatabaseFormat.bytes(s.layout()),
                    map == null ? 0 : map.dataOffset(), logged, Instant.now());
            MramSnapshot snap = snapshots.open(c, s, false);
            return new Capture(meta, snap, System.nanoTime() - started);
        } finally {
            snapshots.lock().unlock();
        }
    }

    /** Automatic checkpoints (CheckpointPolicy): a daemon thread looks every second. */
    private void startCheckpointer() {
        CheckpointPolicy policy = config.checkpoints();
        if (store.readOnly() || !policy.automatic()) {
            return;
        }
        checkpointer = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform()
                .name("pimsql-checkpointer").daemon().unstarted(r));
        checkpointer.scheduleWithFixedDelay(() -> {
            if (checkpointsUnsupported) {
                return;
            }
            long logBytes = store.logBytesSinceCheckpoint();
            CheckpointReport last = lastCheckpoint;
            boolean bySize = policy.logFull(logBytes, last == null ? 0 : last.bytes());
            boolean byTime = !policy.interval().isZero() && logBytes > 0
                    && System.nanoTime() - lastCheckpointNanos >= policy.interval().toNanos();
            if (!bySize && !byTime) {
                return;
            }
            if (!checkpointLock.tryLock()) {
                return;
            }
            try {
                CheckpointReport r = takeCheckpoint(Progress.NONE);
                LOG.log(System.Logger.Level.DEBUG, "{0}: checkpoint of record {1}, {2} bytes, sequencer held {3} us, "
                        + "written in {4} ms", store.name(), r.lsn(), r.bytes(), r.holdNanos() / 1000, r.writeMillis());
            } catch (SQLException | RuntimeException e) {
                if (!checkpointsUnsupported) {
                    LOG.log(System.Logger.Level.WARNING, "{0}: automatic checkpoint failed: {1}", store.name(),
                            e.getMessage());
                }
                lastCheckpointNanos = System.nanoTime(); // try again one interval later, not every second
            } finally {
                checkpointLock.unlock();
            }
        }, 1, 1, TimeUnit.SECONDS);
    }

    /** The last checkpoint this engine took, or null. */
    public CheckpointReport lastCheckpoint() {
        return lastCheckpoint;
    }

    public long checkpointsTaken() {
        return checkpointsTaken;
    }

    /** The longest a checkpoint held the sequencer since the database opened, in nanoseconds. */
    public long maxCheckpointHoldNanos() {
        return maxCheckpointHoldNanos;
    }

    /** How the database opened (checkpoint, replay, time). */
    public OpenReport openReport() {
        return openReport;
    }

    /** Calls aborted as poison since the database opened, and rebuilds of the DPUs that took. */
    public long[] poisonStats() {
        return new long[] {recovery.poisonCalls(), recovery.rebuilds()};
    }

    public boolean readOnly() {
        return store.readOnly();
    }

    /** Bytes of log written since the newest checkpoint. */
    public long logBytesSinceCheckpoint() {
        return store.logBytesSinceCheckpoint();
    }

    public int partitionCount() {
        return placement.partitionCount();
    }

    /** Where the logical partitions live (fixed for the database's life, recorded with it). */
    public PartitionPlacement placement() {
        return placement;
    }

    public EngineConfig config() {
        return config;
    }

    public SequencerStats stats() {
        return sequencer.stats();
    }

    /**
     * The tasklets of each DPU that execute calls with the current schema's kernel (docs/vm.md), 0 before the first
     * script or when the runtime's schemas have no kernel.
     */
    public int executingTasklets() {
        CompiledSchema s = schema;
        return s == null || s.code() == null || s.code().kernel() == null ? 0 : s.code().kernel().tasklets();
    }

    /** Launches, kernel loads and bytes moved since the database opened (replay included). */
    public ExecutionStats executionStats() {
        return plus(retiredStats, core.processor.stats());
    }

    /**
     * The simulator's counters (launches, transfer bytes with padding, MRAM DMA), process-wide: compare two
     * snapshots. Empty on hardware.
     */
    public java.util.Optional<org.pimsql.host.backend.SimulatorCounters> simulatorCounters() {
        return core.backend.simulatorCounters();
    }

    /** Finishes every submitted call, then releases the DPUs and closes the store. */
    @Override
    public void close() throws SQLException {
        try {
            if (checkpointer != null) {
                checkpointer.shutdownNow();
                checkpointLock.lock(); // a checkpoint being written finishes first
                checkpointLock.unlock();
            }
            sequencer.close();
        } finally {
            core.close();
            config.compiler().close();
            try {
                store.close();
            } catch (IOException e) {
                throw new SQLException("closing the log failed: " + e.getMessage(), "58030", e);
            }
        }
    }
}
