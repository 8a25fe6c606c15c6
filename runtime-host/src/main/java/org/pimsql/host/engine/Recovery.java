package org.pimsql.host.engine;

import org.pimsql.host.call.CallRequest;
import org.pimsql.host.call.CallOutcome;
import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.pimsql.codegen.DatabaseFormat;
import org.pimsql.codegen.MemoryMap;
import org.pimsql.frontend.SqlScript;
import org.pimsql.host.backend.DpuException;
import org.pimsql.host.backend.DpuProgramException;
import org.pimsql.host.log.LogRecord;
import org.pimsql.host.sequencer.Epoch;
import org.pimsql.host.sequencer.SequencedCall;
import org.pimsql.host.sequencer.SequencerStart;
import org.pimsql.host.store.CheckpointMeta;
import org.pimsql.host.store.CheckpointPart;
import org.pimsql.host.store.CheckpointSource;
import org.pimsql.host.store.Progress;
import org.pimsql.host.store.Store;
import org.pimsql.host.store.StoreException;

/**
 * Builds the DPU side of a database from its store: fresh DPUs, the newest checkpoint's images written to them,
 * then the log after it replayed (streaming: one record in memory at a time), epochs re-executed with their
 * logged numbers and timestamps (decision 4). Used when a database opens, and after a DPU fault, to rebuild the
 * state just before the faulting epoch and isolate the call that faults (a poison call): it is aborted with
 * SQLSTATE XX000, an {@link LogRecord.Aborted} record says so, and the epoch runs again without it. Replay skips
 * aborted calls, so the database opens and keeps running instead of meeting the fault again and again
 * (docs/runtime.md "Poison calls").
 */
final class Recovery {
    private static final System.Logger LOG = System.getLogger(Recovery.class.getName());
    /** The SQLSTATE of a call aborted because it faulted on its DPU (PostgreSQL's internal_error). */
    static final String POISON_STATE = "XX000";
    /** The SQLSTATE when the DPUs cannot get their program (PostgreSQL's system_error). */
    static final String PROGRAM_STATE = "58000";

    private final EngineConfig config;
    private final Store store;
    private final PartitionPlacement placement;
    private final CallCodec.Format format;
    /** Calls aborted as poison, by sequence: from the log, and isolated since the database opened. */
    private final Map<Long, LogRecord.Aborted> aborted = new ConcurrentHashMap<>();
    /** Compiled schemas by number of scripts (scripts are only ever appended): the few most recent. */
    private final Map<Integer, CompiledSchema> schemas = new LinkedHashMap<>(8, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, CompiledSchema> eldest) {
            return size() > 4;
        }
    };
    private long poisonCalls;
    private long rebuilds;

    Recovery(EngineConfig config, Store store, PartitionPlacement placement, CallCodec.Format format) {
        this.config = config;
        this.store = store;
        this.placement = placement;
        this.format = format;
        aborted.putAll(store.aborts());
    }

    /** The state replay reaches: the core, the scripts so far, where numbering resumes, what was replayed. */
    record State(ExecutionCore core, List<SqlScript> scripts, SequencerStart resume, long epochs, long calls,
                 long compileMillis, long restoreMillis, long replayMillis) {}

    /** Whether a fault can be survived: the DPUs can be rebuilt on fresh ones from what the store keeps. */
    boolean canRebuild() {
        return config.backends().allocatesFreshDpus();
    }

    long poisonCalls() {
        return poisonCalls;
    }

    long rebuilds() {
        return rebuilds;
    }

    private long compileNanos;

    /** The schema for these scripts, compiled once and remembered (a rebuild replays the same scripts). */
    synchronized CompiledSchema schemaFor(List<SqlScript> scripts) throws SQLException {
        CompiledSchema s = schemas.get(scripts.size());
        if (s == null) {
            long t0 = System.nanoTime();
            s = config.compiler().compile(List.copyOf(scripts), placement.partitionCount());
            compileNanos += System.nanoTime() - t0;
            schemas.put(scripts.size(), s);
        }
        return s;
    }

    /** Remembers the schema a live DDL script produced (so a rebuild does not compile it again). */
    synchronized void remember(List<SqlScript> scripts, CompiledSchema schema) {
        schemas.put(scripts.size(), schema);
    }

    ExecutionCore newCore() throws SQLException {
        try {
            return new ExecutionCore(config.backends().allocate(placement.dpuCount()), placement, format);
        } catch (DpuException e) {
            throw new SQLNonTransientConnectionException("cannot allocate " + placement.dpuCount() + " DPUs: "
                    + e.getMessage(), "08001", e);
        }
    }

    /** Opens the database: the newest checkpoint and the whole log after it, faults isolated. */
    State replayAll(Progress progress) throws SQLException {
        return replay(Long.MAX_VALUE, progress);
    }

    /** The state just before epoch {@code epoch}, on fresh DPUs. */
    private State replayBefore(long epoch) throws SQLException {
        return replay(epoch, Progress.NONE);
    }

    private State replay(long stopAt, Progress progress) throws SQLException {
        long started = System.nanoTime();
        long compiledBefore = compileNanos;
        long restored = 0;
        long compiledAtRestore = compileNanos;
        ExecutionCore core = newCore();
        try {
            var scripts = new ArrayList<SqlScript>();
            SequencerStart resume = SequencerStart.FRESH;
            long from = 1;
            CheckpointMeta ck = store.newestCheckpoint();
            if (ck != null) {
                for (LogRecord.Script s : ck.scripts()) {
                    scripts.add(new SqlScript(s.fileName(), s.text()));
                }
                restore(core, scripts, progress);
                restored = System.nanoTime() - started;
                compiledAtRestore = compileNanos;
                resume = new SequencerStart(ck.nextSequence(), ck.nextEpoch(), ck.lastTimestampMicros());
                from = ck.lsn() + 1;
            }
            boolean stale = !scripts.isEmpty();
            long epochs = 0;
            long calls = 0;
            long lastEpoch = resume.nextEpoch() - 1;
            long lastSequence = resume.nextSequence() - 1;
            progress.begin("replaying the log", stopAt == Long.MAX_VALUE ? store.logBytesSinceCheckpoint() : 0, "B");
            try (Store.RecordSource records = store.records(from)) {
                Store.Entry entry;
                while ((entry = records.next()) != null) {
                    progress.step(entry.bytes());
                    switch (entry.record()) {
                        case LogRecord.DatabaseHeader h -> {
                            // the shape lives in the database marker; format-2 logs began with it
                        }
                        case LogRecord.Script s -> {
                            scripts.add(new SqlScript(s.fileName(), s.text()));
                            stale = true;
                        }
                        case LogRecord.Aborted a -> aborted.put(a.sequence(), a);
                        case LogRecord.Epoch e -> {
                            if (e.number() >= stopAt) {
                                break;
                            }
                            if (e.number() <= lastEpoch) {
                                throw new StoreException(StoreException.CORRUPT, store.name() + ": record " + entry.lsn()
                                        + " holds epoch " + e.number() + " after epoch " + lastEpoch);
                            }
                            if (stale) {
                                core.schema(schemaFor(scripts));
                                stale = false;
                            }
                            var sequenced = new ArrayList<SequencedCall>(e.calls().size());
                            long ts = resume.lastTimestampMicros();
                            for (LogRecord.LoggedCall c : e.calls()) {
                                if (c.sequence() <= lastSequence) {
                                    throw new StoreException(StoreException.CORRUPT, store.name() + ": record "
                                            + entry.lsn() + " holds call " + c.sequence() + " after call " + lastSequence);
                                }
                                lastSequence = c.sequence();
                                ts = c.timestampMicros();
                                sequenced.add(new SequencedCall(c.sequence(), c.timestampMicros(),
                                        new CallRequest(c.procedure(), c.args()), new CompletableFuture<>()));
                            }
                            core = execute(core, new Epoch(e.number(), sequenced));
                            lastEpoch = e.number();
                            resume = new SequencerStart(lastSequence + 1, lastEpoch + 1, ts);
                            epochs++;
                            calls += sequenced.size();
                        }
                    }
                    if (entry.record() instanceof LogRecord.Epoch e && e.number() >= stopAt) {
                        break;
                    }
                }
            } finally {
                progress.end();
            }
            if (stale) {
                core.schema(schemaFor(scripts));
            }
            long total = System.nanoTime() - started;
            long compiledAfterRestore = compileNanos - compiledAtRestore;
            return new State(core, scripts, resume, epochs, calls, (compileNanos - compiledBefore) / 1_000_000,
                    restored / 1_000_000, (total - restored - compiledAfterRestore) / 1_000_000);
        } catch (StoreException e) {
            core.close();
            throw asSql(e);
        } catch (IOException e) {
            core.close();
            throw new SQLNonTransientConnectionException("reading the log of " + store.name() + " failed: "
                    + e.getMessage(), "58030", e);
        } catch (SQLException | RuntimeException e) {
            core.close();
            throw e;
        }
    }

    static SQLException asSql(StoreException e) {
        return new SQLNonTransientConnectionException(e.getMessage(), e.sqlState(), e);
    }

    /** Writes the newest checkpoint's images to the core's (fresh) DPUs. */
    private void restore(ExecutionCore core, List<SqlScript> scripts, Progress progress) throws SQLException,
            IOException {
        try (CheckpointSource source = store.openCheckpoint()) {
            CheckpointMeta meta = source.meta();
            if (meta.dpuCount() != placement.dpuCount()) {
                throw new StoreException(StoreException.CORRUPT, store.name() + ": the checkpoint of record "
                        + meta.lsn() + " holds " + meta.dpuCount() + " DPUs, the database " + placement.dpuCount());
            }
            CompiledSchema schema = schemaFor(scripts);
            core.schema(schema);
            if (!meta.formatted()) {
                return;
            }
            if (schema.layout() == null || schema.code() == null) {
                throw new SQLNonTransientConnectionException("this runtime cannot restore checkpoints (its schemas "
                        + "have no storage layout)", "08001");
            }
            MemoryMap map = schema.layout().memory();
            if (meta.dbOffset() != map.dbOffset() || meta.dataOffset() != map.dataOffset()
                    || meta.dbBytes() != DatabaseFormat.bytes(schema.layout())) {
                throw new SQLNonTransientConnectionException(store.name() + ": the checkpoint of record " + meta.lsn()
                        + " was taken with another DPU memory map (header at " + meta.dbOffset() + ", " + meta.dbBytes()
                        + " bytes, data at " + meta.dataOffset() + "; this version: " + map.dbOffset() + ", "
                        + DatabaseFormat.bytes(schema.layout()) + ", " + map.dataOffset() + ")", "08001");
            }
            progress.begin("restoring the checkpoint", 0, "B");
            try {
                core.processor.loadKernel(schema);
                byte[] zeros = new byte[1 << 20];
                CheckpointPart part;
                while ((part = source.next()) != null) {
                    switch (part) {
                        case CheckpointPart.Bytes b -> core.backend.copyTo(b.dpu(), MramRegion.MRAM_HEAP, b.offset(),
                                b.bytes());
                        case CheckpointPart.Zeros z -> {
                            for (long done = 0; done < z.length(); done += zeros.length) {
                                int n = (int) Math.min(zeros.length, z.length() - done);
                                core.backend.copyTo(z.dpu(), MramRegion.MRAM_HEAP, z.offset() + done,
                                        n == zeros.length ? zeros : new byte[n]);
                            }
                        }
                    }
                    progress.step(part.length());
                }
            } catch (DpuProgramException e) {
                throw programUnavailable(e);
            } catch (DpuException e) {
                throw new SQLNonTransientConnectionException("writing the checkpoint to the DPUs failed: "
                        + e.getMessage(), "58000", e);
            } finally {
                progress.end();
            }
            core.processor.restored();
            core.formattedOnDpus = true;
        }
    }

    /**
     * Runs one epoch on {@code core} without its aborted calls; returns the core the database continues on: the
     * same one, or after a fault a rebuilt one on which the epoch ran without its poison calls.
     */
    ExecutionCore execute(ExecutionCore core, Epoch epoch) throws SQLException {
        Epoch runnable = withoutAborted(epoch);
        try {
            run(core, runnable);
            return core;
        } catch (Exception fault) {
            core.close();
            return isolate(runnable, fault);
        }
    }

    /** The epoch without the calls aborted as poison, which are answered with their logged failure. */
    Epoch withoutAborted(Epoch epoch) {
        if (aborted.isEmpty()) {
            return epoch;
        }
        var keep = new ArrayList<SequencedCall>(epoch.calls().size());
        for (SequencedCall c : epoch.calls()) {
            LogRecord.Aborted a = aborted.get(c.sequence());
            if (a == null) {
                keep.add(c);
            } else {
                c.result().complete(new CallOutcome.Failure(c.sequence(), a.sqlState(), a.message()));
            }
        }
        return keep.size() == epoch.calls().size() ? epoch : new Epoch(epoch.number(), keep);
    }

    static void run(ExecutionCore core, Epoch epoch) throws Exception {
        if (epoch.calls().isEmpty()) {
            return;
        }
        var prepared = core.processor.prepare(epoch);
        boolean formats = core.processor.formatted();
        prepared.execute();
        if (formats) {
            core.formattedOnDpus = true;
        }
    }

    /**
     * After {@code epoch} faulted (its core is closed): finds its poison calls and returns a core where the epoch
     * ran without them. Each round rebuilds the state before the epoch, runs its remaining calls one at a time
     * until one faults (the poison), aborts it (logged), then rebuilds again and runs the rest as one epoch, as
     * replay will. A fault that no single call reproduces (several calls together, or a fault that does not
     * repeat) gets one more full run; if that faults too, the remaining calls are all aborted.
     */
    ExecutionCore isolate(Epoch epoch, Exception fault) throws SQLException {
        if (!canRebuild()) {
            throw stopped(epoch, fault, "this runtime's DPUs cannot be rebuilt");
        }
        if (DpuProgramException.in(fault)) {
            throw programUnavailable(fault); // every call would meet it: there is no poison call to find
        }
        LOG.log(System.Logger.Level.WARNING, "epoch {0} ({1} calls) faulted on the DPUs: {2}; rebuilding the DPUs to "
                + "find the call that faults", epoch.number(), epoch.calls().size(), fault.getMessage());
        var remaining = new ArrayList<>(epoch.calls());
        boolean lastRoundFoundOne = true;
        for (int round = 0; round <= epoch.calls().size() + 1; round++) {
            SequencedCall poison = null;
            String why = fault.getMessage();
            if (lastRoundFoundOne) {
                State trial = rebuild(epoch);
                try {
                    for (SequencedCall c : remaining) {
                        var copy = new SequencedCall(c.sequence(), c.timestampMicros(), c.request(),
                                new CompletableFuture<>());
                        try {
                            run(trial.core(), new Epoch(epoch.number(), List.of(copy)));
                        } catch (Exception e) {
                            if (DpuProgramException.in(e)) {
                                throw programUnavailable(e);
                            }
                            poison = c;
                            why = e.getMessage();
                            break;
                        }
                    }
                } finally {
                    trial.core().close();
                }
            }
            if (poison != null) {
                abort(poison, why);
                remaining.remove(poison);
            } else if (!lastRoundFoundOne) {
                // no single call faults, yet the epoch does: the calls cannot be told apart, abort them all
                for (SequencedCall c : remaining) {
                    abort(c, "the epoch faulted and no single call could be isolated: " + why);
                }
                remaining.clear();
            }
            lastRoundFoundOne = poison != null;
            State rebuilt = rebuild(epoch);
            try {
                run(rebuilt.core(), new Epoch(epoch.number(), remaining));
                LOG.log(System.Logger.Level.WARNING, "epoch {0} ran again without its poison calls; the database "
                        + "continues on rebuilt DPUs", epoch.number());
                return rebuilt.core();
            } catch (Exception e) {
                rebuilt.core().close();
                fault = e;
            }
        }
        throw stopped(epoch, fault, "its faults could not be isolated");
    }

    private State rebuild(Epoch epoch) throws SQLException {
        rebuilds++;
        return replayBefore(epoch.number());
    }

    private void abort(SequencedCall call, String why) throws SQLException {
        String message = "the call faulted on its DPU and was aborted; it changed nothing and the database keeps "
                + "running (a PimSQL defect: please report the procedure and its arguments): " + why;
        var record = new LogRecord.Aborted(call.sequence(), POISON_STATE, message);
        aborted.put(call.sequence(), record);
        poisonCalls++;
        LOG.log(System.Logger.Level.ERROR, "call {0} of {1} aborted as poison: {2}", call.sequence(),
                call.request().procedure(), why);
        if (!store.readOnly()) {
            try {
                store.append(record);
                store.commit();
            } catch (IOException e) {
                throw new SQLNonTransientConnectionException("recording an aborted call in the log failed: "
                        + e.getMessage(), "58030", e);
            }
        }
        call.result().complete(new CallOutcome.Failure(call.sequence(), POISON_STATE, message));
    }

    /**
     * The DPUs cannot get their program (a kernel build failed, or dpu_load refused it): the database stops accepting
     * calls, with SQLSTATE 58000 (system error) and the build's or the loader's own words.
     */
    static SQLException programUnavailable(Exception cause) {
        return new SQLNonTransientConnectionException("the DPU program could not be built or loaded, so the database runs "
                + "no calls (fix the cause, then close every connection and open the database again): "
                + cause.getMessage(), PROGRAM_STATE, cause);
    }

    private static SQLException stopped(Epoch epoch, Exception fault, String why) {
        return new SQLNonTransientConnectionException("DPU execution of epoch " + epoch.number() + " failed and " + why
                + "; the database stopped accepting calls: " + fault.getMessage(), "58000", fault);
    }
}
