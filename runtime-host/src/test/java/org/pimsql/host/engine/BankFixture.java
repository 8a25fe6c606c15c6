package org.pimsql.host.engine;

import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.call.ResultTable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.sql.SQLSyntaxErrorException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.pimsql.frontend.SqlScript;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.Index;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.catalog.SourcePos;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.ir.Block;
import org.pimsql.frontend.ir.Cursor;
import org.pimsql.frontend.ir.ParamMode;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Variable;

/**
 * A tiny bank that stands in for the frontend, the code generator and a DPU kernel in engine tests.
 *
 * <p>Scripts: {@code CREATE BANK} declares the table ACCOUNTS(ACCT, BALANCE), DEPOSIT(acct, amount, OUT balance) and the loader
 * PIMSQL_LOAD_ACCOUNTS(acct, balance), run by the kernel {@code bank.so}; {@code CREATE AUDIT} adds
 * BALANCE(acct, OUT balance), which needs a kernel with one more feature, {@code audit.so} (it runs every
 * procedure, as a real kernel with more features does); any script containing {@code BROKEN}
 * fails to compile. Calls route to partition {@code acct mod P}; SET_FEE(fee) runs on every partition
 * independently (as a write of a replicated table does). A deposit that would make a balance
 * negative fails with SQLSTATE 45000 and changes nothing. Every call's output echoes its timestamp.
 *
 * <p>Wire format (little-endian): queue = {@code int count, int 0}, then per call {@code long seq, long ts,
 * int procedureId, int argc, long args[argc]} (null = Long.MIN_VALUE); output per call = {@code long
 * status (0 ok, 1 insufficient funds), long value, long ts}.
 */
final class BankFixture {
    static final String IN = "input";
    static final String OUT = "output";
    static final int INPUT_CAPACITY = 4096;
    /** Where SET_FEE keeps the fee in each DPU's map: it runs on every partition, like a replicated write. */
    static final long FEE_KEY = -1;

    /** The kernel features the bank's and the audit's procedures need (the audit's kernel covers both). */
    static final int BANK_FEATURES = org.pimsql.codegen.vm.VmFormat.F_MP;
    static final int AUDIT_FEATURES = org.pimsql.codegen.vm.VmFormat.F_TEXT;

    /** Balances per DPU, which survive kernel loads like MRAM does. */
    final Map<Integer, Map<Long, Long>> balances = new ConcurrentHashMap<>();
    /** Sequence numbers in the order each DPU ran them. */
    final Map<Integer, List<Long>> executedOrder = new ConcurrentHashMap<>();

    static final Table ACCOUNTS = new Table(0, "ACCOUNTS",
            List.of(new Column("ACCT", 0, SqlType.BIGINT, false, SourcePos.NONE),
                    new Column("BALANCE", 1, SqlType.BIGINT, true, SourcePos.NONE)),
            new Index("ACCOUNTS_PK", "ACCOUNTS", List.of(0), true, true, SourcePos.NONE), List.of(), List.of(0),
            SourcePos.NONE);

    private static Variable param(int id, String name, ParamMode mode) {
        return new Variable(id, name, SqlType.BIGINT, mode, null, SourcePos.NONE);
    }

    private static Procedure procedure(int id, String name, List<Variable> params) {
        return new Procedure(id, name, params, List.of(), List.<Cursor>of(), new Block(List.of()), true, 0,
                SourcePos.NONE, name);
    }

    /** When set, compiling a script that says HOLD counts {@code [0]} down and waits for {@code [1]}. */
    volatile java.util.concurrent.CountDownLatch[] hold;

    SchemaCompiler compiler() {
        return (scripts, partitions) -> {
            var procedures = new LinkedHashMap<String, Procedure>();
            int features = 0;
            var gate = hold;
            if (gate != null && scripts.getLast().text().contains("HOLD")) {
                gate[0].countDown();
                try {
                    gate[1].await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            for (SqlScript s : scripts) {
                if (s.text().contains("BROKEN")) {
                    throw new SQLSyntaxErrorException(s.fileName() + ":1:1: error: unexpected BROKEN", "42000");
                }
                if (s.text().contains("CREATE BANK")) {
                    procedures.put("DEPOSIT", procedure(0, "DEPOSIT", List.of(param(0, "ACCT", ParamMode.IN),
                            param(1, "AMOUNT", ParamMode.IN), param(2, "BALANCE", ParamMode.OUT))));
                    procedures.put("PIMSQL_LOAD_ACCOUNTS", procedure(1, "PIMSQL_LOAD_ACCOUNTS",
                            List.of(param(0, "ACCT", ParamMode.IN), param(1, "BALANCE", ParamMode.IN))));
                    procedures.put("SET_FEE", procedure(3, "SET_FEE", List.of(param(0, "FEE", ParamMode.IN))));
                    features |= BANK_FEATURES;
                }
                if (s.text().contains("CREATE AUDIT")) {
                    procedures.put("BALANCE", procedure(2, "BALANCE", List.of(param(0, "ACCT", ParamMode.IN),
                            param(1, "BALANCE", ParamMode.OUT))));
                    features |= AUDIT_FEATURES;
                }
            }
            CallRouter router = (p, args, count) -> p.name().equals("SET_FEE")
                    ? new CallRouter.Route(java.util.stream.IntStream.range(0, count).toArray(), true)
                    : CallRouter.Route.single((int) Math.floorMod((Long) args.getFirst(), count));
            var tables = new LinkedHashMap<String, Table>();
            if (procedures.containsKey("DEPOSIT")) {
                tables.put("ACCOUNTS", ACCOUNTS);
            }
            // a script saying MORE stands for one that adds a table: it changes how data is stored
            String storage = "accounts+" + scripts.stream().filter(x -> x.text().contains("MORE")).count();
            var spec = new org.pimsql.codegen.vm.KernelSpec(features, 4, 1024);
            var code = new DpuCode(spec, k -> Path.of((k.features() & AUDIT_FEATURES) != 0 ? "audit.so" : "bank.so"),
                    new byte[0], new MramRegion(IN, 0, 8));
            return new CompiledSchema(new Catalog(tables, procedures), code, new Codec(storage), router);
        };
    }

    FakeDpuBackend backend(int dpus) {
        return new FakeDpuBackend(dpus, this::run, IN, OUT);
    }

    private record Codec(String storage) implements CallCodec {
        @Override
        public MramRegion input() {
            return new MramRegion(IN, 0, INPUT_CAPACITY);
        }

        @Override
        public MramRegion output() {
            return new MramRegion(OUT, 0, INPUT_CAPACITY);
        }

        @Override
        public int encodedSize(RoutedCall call) {
            return 24 + 8 * call.procedure().params().size();
        }

        @Override
        public int queueOverhead(boolean format) {
            return 8;
        }

        @Override
        public byte[] encodeQueue(List<RoutedCall> calls, boolean[] joinsWave, Format format, LaunchHeader header) {
            // the fake DPU runs the calls one after the other in list order: a valid order for any waves
            int size = queueOverhead(format != null) + calls.stream().mapToInt(this::encodedSize).sum();
            ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
            b.putInt(calls.size()).putInt(0);
            for (RoutedCall c : calls) {
                b.putLong(c.call().sequence()).putLong(c.call().timestampMicros());
                b.putInt(c.procedure().id()).putInt(c.procedure().params().size());
                for (Object arg : c.call().request().args()) {
                    b.putLong(arg == null ? Long.MIN_VALUE : (Long) arg);
                }
            }
            return b.array();
        }

        @Override
        public int[] outputParts() {
            return new int[] {0};
        }

        @Override
        public int outputHeaderBytes() {
            return 0; // the bank's output size is always known in advance
        }

        @Override
        public int[] outputLengths(List<RoutedCall> calls, byte[] header) {
            return new int[] {24 * calls.size()};
        }

        @Override
        public String storageSignature() {
            return storage;
        }

        @Override
        public List<CallOutcome> decodeQueue(List<RoutedCall> calls, byte[][] output) {
            ByteBuffer b = ByteBuffer.wrap(output[0]).order(ByteOrder.LITTLE_ENDIAN);
            var outcomes = new ArrayList<CallOutcome>();
            for (RoutedCall c : calls) {
                long status = b.getLong();
                long value = b.getLong();
                long ts = b.getLong();
                long seq = c.call().sequence();
                if (status != 0) {
                    outcomes.add(new CallOutcome.Failure(seq, "45000", "insufficient funds in account "
                            + c.call().request().args().getFirst()));
                    continue;
                }
                var outs = new ArrayList<Object>();
                for (Variable p : c.procedure().params()) {
                    outs.add(p.mode() == ParamMode.OUT ? (Object) value : null);
                }
                var table = new ResultTable(List.of("TS"), List.of(SqlType.BIGINT), List.of(List.<Object>of(ts)));
                outcomes.add(new CallOutcome.Success(seq, outs, List.of(table)));
            }
            return outcomes;
        }
    }

    private byte[] run(Path program, int dpu, byte[] input) {
        ByteBuffer in = ByteBuffer.wrap(input).order(ByteOrder.LITTLE_ENDIAN);
        int count = in.getInt();
        in.getInt();
        ByteBuffer out = ByteBuffer.allocate(24 * count).order(ByteOrder.LITTLE_ENDIAN);
        Map<Long, Long> accounts = balances.computeIfAbsent(dpu, k -> new HashMap<>());
        for (int i = 0; i < count; i++) {
            long seq = in.getLong();
            long ts = in.getLong();
            int proc = in.getInt();
            int argc = in.getInt();
            long[] args = new long[argc];
            for (int a = 0; a < argc; a++) {
                args[a] = in.getLong();
            }
            executedOrder.computeIfAbsent(dpu, k -> new ArrayList<>()).add(seq);
            boolean audit = program.toString().equals("audit.so");
            long status = 0;
            long value = 0;
            if (proc == 0) {
                long next = accounts.getOrDefault(args[0], 0L) + args[1];
                if (next < 0) {
                    status = 1;
                } else {
                    accounts.put(args[0], next);
                    value = next;
                }
            } else if (proc == 1) {
                accounts.put(args[0], args[1]);
            } else if (proc == 3) {
                accounts.put(FEE_KEY, args[0]);
            } else if (audit && proc == 2) {
                value = accounts.getOrDefault(args[0], 0L);
            } else {
                throw new IllegalStateException("procedure " + proc + " needs a kernel feature " + program + " lacks");
            }
            out.putLong(status).putLong(value).putLong(ts);
        }
        return out.array();
    }
}
