package org.pimsql.host.engine;

import com.carrotsearch.hppc.IntHashSet;
import com.carrotsearch.hppc.LongIntHashMap;
import com.carrotsearch.hppc.ObjectIntHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.pimsql.frontend.analysis.ConflictFootprint.Lock;

/**
 * Orders the calls one DPU runs in one launch into conflict waves (docs/runtime.md "Concurrent calls on a
 * DPU"). In sequence order, each call's wave is one more than the latest wave of an earlier call it
 * conflicts with (0 when there is none): a row lock conflicts with a lock on the same row when either
 * writes; a table write conflicts with every lock on the table; a table read with every write on it. A
 * call without locks (its procedure's footprint is unknown) gets a wave of its own after every earlier call,
 * and every later call comes after it. A call that must run <em>alone</em> but has locks (an exchange or KEEP
 * call: it runs on tasklet 0, whose undo area holds the kept segments in sequence order) gets a wave no other
 * call shares, after every earlier call it conflicts with and after the previous lone call; calls it does not
 * conflict with may run in waves before or after it.
 *
 * <p>The DPU runs the waves one after the other and the calls of a wave concurrently. Running the calls in
 * (wave, sequence) order is equivalent to running them in sequence order: two calls keep their relative
 * order whenever they conflict, because the later one's wave is higher.
 */
final class ConflictWaves {
    private ConflictWaves() {}

    /**
     * A DPU's batch in execution order: the calls sorted by (wave, sequence); {@code joinsWave[i]} is true
     * when call i runs in the same wave as call i - 1; {@code order[i]} is call i's position in the batch given.
     */
    record Plan(List<RoutedCall> calls, boolean[] joinsWave, int waves, int[] order) {}

    /**
     * Plans {@code calls} (one DPU's, in sequence order). {@code locks} gives a call's locks, or null when
     * the call must run alone.
     */
    static Plan plan(List<RoutedCall> calls, Function<RoutedCall, List<Lock>> locks) {
        var byIndex = new ArrayList<List<Lock>>(calls.size());
        for (RoutedCall rc : calls) {
            byIndex.add(locks.apply(rc));
        }
        return plan(calls, byIndex);
    }

    /** Plans {@code calls} (one DPU's, in sequence order) with call i's locks at {@code locks.get(i)}. */
    static Plan plan(List<RoutedCall> calls, List<List<Lock>> locks) {
        return plan(calls, locks, new boolean[calls.size()]);
    }

    /**
     * Plans {@code calls} (one DPU's, in sequence order) with call i's locks at {@code locks.get(i)}; a call with
     * {@code alone[i]} runs in a wave of its own (with its locks; null locks: after every earlier call, and every
     * later call after it).
     */
    static Plan plan(List<RoutedCall> calls, List<List<Lock>> locks, boolean[] alone) {
        return plan(calls, locks, null, alone);
    }

    /**
     * As {@link #plan(List, List, boolean[])}, with call i's locks also packed at {@code packed.get(i)} (null: not
     * packed): a call whose locks are packed already is placed by its distinct tables and rows, not lock by lock (a
     * TPC-C New-Order's 90 locks name 9 tables, and it reads most rows it writes). The waves are the same either way.
     */
    static Plan plan(List<RoutedCall> calls, List<List<Lock>> locks, List<PackedLocks> packed, boolean[] alone) {
        int n = calls.size();
        int[] wave = new int[n];
        boolean sorted = true;
        var state = n < 2 ? null : new State();
        for (int i = 0; i < n && state != null; i++) {
            List<Lock> l = locks.get(i);
            PackedLocks.Packed p = l == null || packed == null || packed.get(i) == null ? null
                    : packed.get(i).ifPacked();
            Footprint f = p != null ? new PackedFootprint(p) : new LockList(l);
            wave[i] = l == null ? state.alone() : alone[i] ? state.placeAlone(f) : state.place(f);
            sorted &= i == 0 || wave[i] >= wave[i - 1];
        }
        // (wave, batch position) order; a stable sort by wave keeps the positions of equal waves in order
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        if (!sorted) {
            Integer[] boxed = new Integer[n];
            for (int i = 0; i < n; i++) {
                boxed[i] = i;
            }
            java.util.Arrays.sort(boxed, (a, b) -> Integer.compare(wave[a], wave[b]));
            for (int i = 0; i < n; i++) {
                order[i] = boxed[i];
            }
        }
        var inOrder = new ArrayList<RoutedCall>(n);
        boolean[] joins = new boolean[n];
        int waves = 0;
        for (int k = 0; k < n; k++) {
            int i = order[k];
            inOrder.add(calls.get(i));
            joins[k] = k > 0 && wave[order[k - 1]] == wave[i];
            if (!joins[k]) {
                waves++;
            }
        }
        return new Plan(inOrder, joins, waves, order);
    }

    /**
     * The latest wave of each kind of lock taken so far; -1 for none. Rows are keyed by their {@link RowFingerprint}:
     * two rows that share one only put the later call in a later wave, which is as correct (see the class comment).
     */
    private static final class State {
        /** any lock on the table / any write on it / table-level locks / table-level writes */
        final ObjectIntHashMap<String> any = new ObjectIntHashMap<>();
        final ObjectIntHashMap<String> write = new ObjectIntHashMap<>();
        final ObjectIntHashMap<String> tableAny = new ObjectIntHashMap<>();
        final ObjectIntHashMap<String> tableWrite = new ObjectIntHashMap<>();
        /** per row fingerprint: any lock / writes */
        final LongIntHashMap rowAny = new LongIntHashMap();
        final LongIntHashMap rowWrite = new LongIntHashMap();
        /** every call goes after the last call without locks */
        int floor;
        int last = -1;
        /** the latest wave of a call that runs alone; the waves such calls hold, and the waves other calls share */
        int lastAlone = -1;
        final IntHashSet aloneWaves = new IntHashSet();
        final IntHashSet sharedWaves = new IntHashSet();

        int alone() {
            int w = last + 1;
            floor = w + 1;
            last = w;
            lastAlone = w;
            aloneWaves.add(w);
            return w;
        }

        /** A call with locks that must run alone: after its conflicts and the previous lone call, in an empty wave. */
        int placeAlone(Footprint locks) {
            int w = Math.max(locks.after(this), lastAlone) + 1;
            while (sharedWaves.contains(w)) {
                w++;
            }
            locks.take(this, w);
            last = Math.max(last, w);
            lastAlone = w;
            aloneWaves.add(w);
            return w;
        }

        int place(Footprint locks) {
            int w = locks.after(this) + 1;
            while (aloneWaves.contains(w)) {
                w++; // a later wave is as correct: it only moves the call further after its conflicts
            }
            locks.take(this, w);
            last = Math.max(last, w);
            sharedWaves.add(w);
            return w;
        }

        private static void raise(ObjectIntHashMap<String> m, String k, int w) {
            if (m.getOrDefault(k, -1) < w) {
                m.put(k, w);
            }
        }

        private static void raise(LongIntHashMap m, long k, int w) {
            if (m.getOrDefault(k, -1) < w) {
                m.put(k, w);
            }
        }
    }

    /** A call's locks as {@link State} reads them: the latest conflicting wave, and taking a wave. */
    private sealed interface Footprint permits LockList, PackedFootprint {
        /** The latest wave of an earlier call these locks conflict with (floor - 1 when none). */
        int after(State s);

        /** Records that a call with these locks runs in wave {@code w}. */
        void take(State s, int w);
    }

    /** Lock by lock: a table lock waits for the table's locks (writes, for a read), a row lock for the row's too. */
    private record LockList(List<Lock> locks) implements Footprint {
        @Override
        public int after(State s) {
            int after = s.floor - 1;
            for (Lock l : locks) {
                String t = l.table();
                if (l.wholeTable()) {
                    after = Math.max(after, (l.write() ? s.any : s.write).getOrDefault(t, -1));
                } else {
                    long row = RowFingerprint.of(l);
                    after = Math.max(after, (l.write() ? s.tableAny : s.tableWrite).getOrDefault(t, -1));
                    after = Math.max(after, (l.write() ? s.rowAny : s.rowWrite).getOrDefault(row, -1));
                }
            }
            return after;
        }

        @Override
        public void take(State s, int w) {
            for (Lock l : locks) {
                String t = l.table();
                State.raise(s.any, t, w);
                if (l.write()) {
                    State.raise(s.write, t, w);
                }
                if (l.wholeTable()) {
                    State.raise(s.tableAny, t, w);
                    if (l.write()) {
                        State.raise(s.tableWrite, t, w);
                    }
                } else {
                    long row = RowFingerprint.of(l);
                    State.raise(s.rowAny, row, w);
                    if (l.write()) {
                        State.raise(s.rowWrite, row, w);
                    }
                }
            }
        }
    }

    /** The same questions over the distinct tables and rows of each kind (a maximum over a set of locks). */
    private record PackedFootprint(PackedLocks.Packed p) implements Footprint {
        @Override
        public int after(State s) {
            int after = s.floor - 1;
            after = Math.max(after, latest(s.any, p.wholeWrittenTables()));
            after = Math.max(after, latest(s.write, p.wholeReadTables()));
            after = Math.max(after, latest(s.tableAny, p.rowWrittenTables()));
            after = Math.max(after, latest(s.tableWrite, p.rowReadTables()));
            after = Math.max(after, latest(s.rowAny, p.writtenRows()));
            return Math.max(after, latest(s.rowWrite, p.readRows()));
        }

        @Override
        public void take(State s, int w) {
            raiseAll(s.any, p.tables(), w);
            raiseAll(s.write, p.writtenTables(), w);
            raiseAll(s.tableAny, p.wholeTables(), w);
            raiseAll(s.tableWrite, p.wholeWrittenTables(), w);
            raiseAll(s.rowAny, p.readRows(), w);
            raiseAll(s.rowAny, p.writtenRows(), w);
            raiseAll(s.rowWrite, p.writtenRows(), w);
        }

        private static int latest(ObjectIntHashMap<String> m, String[] keys) {
            int w = -1;
            for (String k : keys) {
                w = Math.max(w, m.getOrDefault(k, -1));
            }
            return w;
        }

        private static int latest(LongIntHashMap m, long[] keys) {
            int w = -1;
            for (long k : keys) {
                w = Math.max(w, m.getOrDefault(k, -1));
            }
            return w;
        }

        private static void raiseAll(ObjectIntHashMap<String> m, String[] keys, int w) {
            for (String k : keys) {
                State.raise(m, k, w);
            }
        }

        private static void raiseAll(LongIntHashMap m, long[] keys, int w) {
            for (long k : keys) {
                State.raise(m, k, w);
            }
        }
    }
}
