package org.pimsql.frontend.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pimsql.frontend.analysis.IrFixture.*;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.CompileException;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.Index;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Variable;

/** Analysis of hand-built procedures: one edge case per test. */
class AnalyzerTest {
    // ACCOUNTS(CUSTID, NAME, LINKED) partitioned on CUSTID, index on NAME
    static final Column A_CUSTID = column("CUSTID", 0, SqlType.BIGINT);
    static final Column A_NAME = column("NAME", 1, SqlType.varchar(64));
    static final Column A_LINKED = column("LINKED", 2, SqlType.BIGINT);
    static final Index IDX_NAME = index("IDX_ACCOUNTS_NAME", "ACCOUNTS", 1);
    static final Table ACCOUNTS = table(0, "ACCOUNTS", List.of(A_CUSTID, A_NAME, A_LINKED), List.of(0), List.of(0), IDX_NAME);
    // CHECKING(CUSTID, BAL) partitioned on CUSTID
    static final Column C_CUSTID = column("CUSTID", 0, SqlType.BIGINT);
    static final Column C_BAL = column("BAL", 1, SqlType.decimal(12, 2));
    static final Table CHECKING = table(1, "CHECKING", List.of(C_CUSTID, C_BAL), List.of(0), List.of(0));
    // ITEM(I_ID, PRICE) replicated
    static final Column I_ID = column("I_ID", 0, SqlType.INTEGER);
    static final Column I_PRICE = column("PRICE", 1, SqlType.decimal(5, 2));
    static final Table ITEM = table(2, "ITEM", List.of(I_ID, I_PRICE), List.of(0), List.of());
    // STOCK(S_W_ID, S_I_ID, QTY) partitioned on S_W_ID
    static final Column S_W_ID = column("S_W_ID", 0, SqlType.SMALLINT);
    static final Column S_I_ID = column("S_I_ID", 1, SqlType.INTEGER);
    static final Column S_QTY = column("QTY", 2, SqlType.INTEGER);
    static final Table STOCK = table(3, "STOCK", List.of(S_W_ID, S_I_ID, S_QTY), List.of(0, 1), List.of(0));
    // KV(K, V) partitioned on the string K (hash)
    static final Column KV_K = column("K", 0, SqlType.varchar(20));
    static final Column KV_V = column("V", 1, SqlType.varchar(100));
    static final Table KV = table(4, "KV", List.of(KV_K, KV_V), List.of(0), List.of(0));
    static final List<Table> TABLES = List.of(ACCOUNTS, CHECKING, ITEM, STOCK, KV);

    static ProcedureAnalysis analyze(Proc p) throws CompileException {
        var proc = p.build(0);
        return Analyzer.analyze(catalog(TABLES, proc)).procedure(proc.name());
    }

    static Set<Integer> set(Integer... xs) {
        return new TreeSet<>(List.of(xs));
    }

    @Test
    void singlePartitionReadModifyWrite() throws CompileException {
        var p = new Proc("DEPOSIT");
        Variable id = p.in("ID", SqlType.BIGINT);
        Variable amount = p.in("AMOUNT", SqlType.decimal(12, 2));
        Variable bal = p.local("B", SqlType.decimal(12, 2), null);
        p.selectInto(select(List.of(byPk(0, CHECKING, ref(id))), col(0, C_BAL)), bal);
        p.update(byPk(0, CHECKING, ref(id)), C_BAL, add(ref(bal), ref(amount)));
        var a = analyze(p);

        assertEquals(ProcedureClass.SINGLE_PARTITION, a.procedureClass());
        assertEquals(Map.of("CHECKING", List.of("CUSTID", "BAL")), a.readSet());
        assertEquals(Map.of("CHECKING", List.of("BAL")), a.writeSet());
        assertEquals(List.of("ID"), a.routing().routingParameters());
        assertEquals("MOD(ID)", a.routing().describe());
        TableAccess read = a.statement(1).accesses().getFirst();
        assertEquals("PRIMARY KEY (CUSTID = ID)", read.path());
        assertEquals(Placement.Kind.PARAMETER, read.placement().kind());
        assertEquals("partition of (CUSTID = ID)", read.placement().description());
        assertEquals(List.of(new Dependency(1, Dependency.Kind.VARIABLE, "B")), a.statement(2).dependencies());
        assertEquals(set(1), a.routing().partitions(args(5L, 1), 4));
        assertEquals(set(3), a.routing().partitions(args(-1L, 1), 4), "floorMod keeps negative keys in range");
        assertTrue(a.flags().isEmpty());
    }

    @Test
    void twoParameterKeysMakeAMultiPartitionProcedure() throws CompileException {
        var p = new Proc("SEND_PAYMENT");
        Variable src = p.in("SRC", SqlType.BIGINT);
        Variable dst = p.in("DST", SqlType.INTEGER);
        p.update(byPk(0, CHECKING, ref(src)), C_BAL, lit(0));
        p.update(byPk(0, CHECKING, ref(dst)), C_BAL, lit(1));
        var a = analyze(p);

        assertEquals(ProcedureClass.MULTI_PARTITION, a.procedureClass());
        assertEquals(List.of("SRC", "DST"), a.routing().routingParameters());
        assertEquals(set(1, 2), a.routing().partitions(args(1L, 2), 4));
        assertEquals(set(1), a.routing().partitions(args(1L, 5), 4));
        // WAW on the same table: the second update is ordered after the first
        assertEquals(List.of(1), a.statement(2).dependencies().stream().map(Dependency::on).toList());
    }

    @Test
    void arrayElementsRouteToEveryElementsPartition() throws CompileException {
        var p = new Proc("NEW_ORDER");
        Variable ws = p.in("SUPW", SqlType.SMALLINT.arrayOf(15));
        Variable items = p.in("ITEMS", SqlType.INTEGER.arrayOf(15));
        Variable i = p.local("I", SqlType.INTEGER, lit(1));
        Variable w = p.local("W", SqlType.SMALLINT, null);
        p.whileDo(bin(Expr.BinaryOp.LE, ref(i), cardinality(items)), () -> {
            p.set(w, elem(ws, ref(i)));
            p.update(byPk(0, STOCK, ref(w), elem(items, ref(i))), S_QTY, add(col(0, S_QTY), lit(-1)));
            p.set(i, add(ref(i), lit(1)));
        });
        var a = analyze(p);

        Placement placement = a.statement(3).accesses().getFirst().placement();
        assertEquals(Placement.Kind.ARRAY, placement.kind());
        assertEquals("partition of (S_W_ID = SUPW[*]) for every element of SUPW", placement.description());
        assertEquals("MOD(SUPW[*])", placement.keyText());
        assertEquals(placement.keyText(), a.routing().keys().getFirst().text());
        assertEquals(ProcedureClass.MULTI_PARTITION, a.procedureClass());
        assertEquals(List.of("SUPW"), a.routing().routingArrays());
        assertEquals(set(1, 2, 3), a.routing().partitions(args(new short[] {1, 2, 7, 5}, List.of(10, 11, 12, 13)), 4));
        assertEquals(set(1), a.routing().partitions(args(List.of(1, 5, 9), new int[] {1, 2, 3}), 4));
        // the loop counter is loop-carried: the WHILE and the SET depend on the increment
        assertTrue(a.statement(1).dependencies().stream().anyMatch(d -> d.on() == 4 && d.kind() == Dependency.Kind.VARIABLE));
        assertTrue(a.statement(3).dependencies().contains(new Dependency(2, Dependency.Kind.VARIABLE, "W")));
        assertTrue(a.statement(3).dependencies().stream().anyMatch(d -> d.on() == 1 && d.kind() == Dependency.Kind.CONTROL));
    }

    @Test
    void keysReadEarlierMakeDataDependentRouting() throws CompileException {
        var p = new Proc("PAY_LINKED");
        Variable id = p.in("ID", SqlType.BIGINT);
        Variable linked = p.local("L", SqlType.BIGINT, null);
        p.selectInto(select(List.of(byPk(0, ACCOUNTS, ref(id))), col(0, A_LINKED)), linked);
        p.update(byPk(0, CHECKING, ref(linked)), C_BAL, lit(0));
        var a = analyze(p);

        Placement placement = a.statement(2).accesses().getFirst().placement();
        assertEquals(Placement.Kind.DATA_DEPENDENT, placement.kind());
        assertEquals(set(1), placement.afterStatements());
        assertEquals("partition of (CUSTID = L), known after statement 1", placement.description());
        assertEquals(ProcedureClass.MULTI_PARTITION, a.procedureClass());
        assertEquals(List.of(2), a.routing().dataDependent());
        assertEquals(set(1), a.routing().keyedPartitions(args(5L), 4));
        assertEquals(set(0, 1, 2, 3), a.routing().partitions(args(5L), 4));
        assertTrue(a.flags().getFirst().startsWith("data-dependent partition: statement 2"));
    }

    @Test
    void readWithoutPartitionPredicateVisitsEveryPartition() throws CompileException {
        var p = new Proc("BY_NAME");
        Variable name = p.in("N", SqlType.varchar(64));
        Variable cust = p.local("C", SqlType.BIGINT, null);
        p.selectInto(select(List.of(byIndex(0, ACCOUNTS, IDX_NAME, ref(name))), col(0, A_CUSTID)), cust);
        p.update(byPk(0, CHECKING, ref(cust)), C_BAL, lit(0));
        var a = analyze(p);

        TableAccess read = a.statement(1).accesses().getFirst();
        assertEquals("INDEX IDX_ACCOUNTS_NAME (NAME = N)", read.path());
        assertEquals(Placement.Kind.EVERY_PARTITION, read.placement().kind());
        assertEquals(ProcedureClass.ALL_PARTITIONS, a.procedureClass());
        assertEquals(List.of(1), a.routing().broadcastReads());
        assertEquals(List.of(2), a.routing().dataDependent());
        assertTrue(a.flags().getFirst().startsWith("reads every partition: statement 1 (ACCOUNTS"), a.flags().toString());
        assertEquals(set(0, 1, 2), a.routing().partitions(args("x"), 3));
    }

    @Test
    void writesToReplicatedTablesGoEverywhereAndReadsStayLocal() throws CompileException {
        var w = new Proc("SET_PRICE");
        Variable id = w.in("ID", SqlType.INTEGER);
        w.update(byPk(0, ITEM, ref(id)), I_PRICE, lit(100));
        var written = analyze(w);
        assertEquals(ProcedureClass.ALL_PARTITIONS, written.procedureClass());
        assertEquals(List.of("ITEM"), written.routing().replicatedWrites());
        assertEquals(set(0, 1), written.routing().partitions(args(3), 2));

        var r = new Proc("GET_PRICE");
        Variable rid = r.in("ID", SqlType.INTEGER);
        Variable price = r.local("P", SqlType.decimal(5, 2), null);
        r.selectInto(select(List.of(byPk(0, ITEM, ref(rid))), col(0, I_PRICE)), price);
        var read = analyze(r);
        assertEquals(ProcedureClass.SINGLE_PARTITION, read.procedureClass());
        assertTrue(read.routing().anyPartition());
        assertEquals(Placement.Kind.REPLICATED, read.statement(1).accesses().getFirst().placement().kind());
        var once = read.routing().partitions(args(3), 8);
        assertEquals(1, once.size());
        assertEquals(once, read.routing().partitions(args(3), 8), "the spread is deterministic");
    }

    @Test
    void underivableUpdateIsALocatedError() {
        var p = new Proc("ZERO_ALL");
        p.in("X", SqlType.INTEGER);
        p.update(scan(0, CHECKING, null), C_BAL, lit(0));
        var e = assertThrows(CompileException.class, () -> analyze(p));
        assertEquals(1, e.diagnostics().size());
        assertEquals(at(2), e.diagnostics().getFirst().pos());
        assertEquals("cannot derive the partition of this UPDATE of CHECKING: its WHERE clause must fix the partition "
                + "column CUSTID by equality to a parameter or to a value read earlier; or make CHECKING replicated",
                e.diagnostics().getFirst().message());
    }

    @Test
    void loopCounterKeyedInsertIsAnError() {
        var p = new Proc("FILL");
        Variable n = p.in("N", SqlType.BIGINT);
        Variable i = p.local("I", SqlType.BIGINT, lit(0));
        p.whileDo(bin(Expr.BinaryOp.LT, ref(i), ref(n)), () -> {
            p.insert(CHECKING, ref(i), lit(0));
            p.set(i, add(ref(i), lit(1)));
        });
        var e = assertThrows(CompileException.class, () -> analyze(p));
        String message = e.diagnostics().getFirst().message();
        assertTrue(message.startsWith("cannot derive the partition of this INSERT into CHECKING: the inserted partition key "
                + "(CUSTID = I) is not known before the call runs (I changes on every iteration of a loop)"), message);
        assertEquals(at(4), e.diagnostics().getFirst().pos());
    }

    @Test
    void filterEqualityOnThePartitionColumnPlacesADelete() throws CompileException {
        var p = new Proc("DROP_KEY");
        Variable k = p.in("K", SqlType.varchar(20));
        p.delete(scan(0, KV, eq(col(0, KV_K), ref(k))));
        var a = analyze(p);
        TableAccess del = a.statement(1).accesses().getFirst();
        assertEquals("FULL SCAN filter (K = K)", del.path());
        assertEquals(Placement.Kind.PARAMETER, del.placement().kind());
        assertEquals(List.of("K", "V"), del.columnsWritten());
        int expected = new PartitionFunction(List.of(SqlType.varchar(20))).partition(List.of("abc"), 16);
        assertEquals(set(expected), a.routing().partitions(args("abc"), 16));
        assertEquals("HASH(STR)(K)", a.routing().describe());
    }

    @Test
    void branchesGiveAlternativeKeysAndExpressionsStayParameterDerived() throws CompileException {
        var p = new Proc("PICK");
        Variable flag = p.in("F", SqlType.BOOLEAN);
        Variable a1 = p.in("A", SqlType.BIGINT);
        Variable b1 = p.in("B", SqlType.BIGINT);
        Variable k = p.local("K", SqlType.BIGINT, lit(0));
        p.ifThenElse(ref(flag), () -> p.set(k, ref(a1)), () -> p.set(k, add(ref(b1), lit(1))));
        p.update(byPk(0, CHECKING, ref(k)), C_BAL, lit(0));
        var a = analyze(p);
        Placement placement = a.statement(4).accesses().getFirst().placement();
        assertEquals(Placement.Kind.PARAMETER, placement.kind());
        assertEquals("partition of (CUSTID = A) or (CUSTID = (B + 1))", placement.description());
        assertEquals(ProcedureClass.MULTI_PARTITION, a.procedureClass());
        assertEquals(set(1, 3), a.routing().partitions(args(true, 1L, 2L), 4));
        assertEquals(List.of(2, 3), a.statement(4).dependencies().stream().map(Dependency::on).toList());
    }

    @Test
    void abortDecisionCoversSignalGuardsAndTheReadsTheyUse() throws CompileException {
        var p = new Proc("WITHDRAW");
        Variable id = p.in("ID", SqlType.BIGINT);
        Variable amount = p.in("AMOUNT", SqlType.decimal(12, 2));
        Variable bal = p.local("B", SqlType.decimal(12, 2), null);
        p.selectInto(select(List.of(byPk(0, CHECKING, ref(id))), col(0, C_BAL)), bal);
        p.ifThen(bin(Expr.BinaryOp.LT, ref(bal), ref(amount)), () -> p.signal("insufficient funds"));
        p.update(byPk(0, CHECKING, ref(id)), C_BAL, add(ref(bal), ref(amount)));
        p.insert(KV, str("log"), ref(bal));
        p.selectInto(select(List.of(byPk(0, KV, str("log"))), col(0, KV_V)), bal);
        var a = analyze(p);

        assertEquals(List.of(1, 2, 3), a.abortDecision());
        assertEquals(List.of(new Dependency(1, Dependency.Kind.CONTROL, "the IF of statement 2 uses B"),
                new Dependency(2, Dependency.Kind.CONTROL, "inside the IF of statement 2")), a.statement(3).dependencies());
        assertTrue(a.statement(6).dependencies().contains(
                new Dependency(5, Dependency.Kind.TABLE, "reads rows of KV it inserts")));
        assertEquals(ProcedureClass.MULTI_PARTITION, a.procedureClass(), "KV is keyed by a literal, CHECKING by ID");
        assertEquals(Map.of("CHECKING", List.of("CUSTID", "BAL"), "KV", List.of("K", "V")), a.readSet());
    }

    @Test
    void forLoopRowsAreValuesReadEarlier() throws CompileException {
        var p = new Proc("MIRROR");
        Variable id = p.in("ID", SqlType.BIGINT);
        Variable linked = p.local("L", SqlType.BIGINT, null);
        p.forEach(select(List.of(byPk(0, ACCOUNTS, ref(id))), col(0, A_LINKED)), List.of(linked), () ->
                p.update(byPk(0, CHECKING, ref(linked)), C_BAL, lit(0)));
        var a = analyze(p);
        Placement placement = a.statement(2).accesses().getFirst().placement();
        assertEquals(Placement.Kind.DATA_DEPENDENT, placement.kind());
        assertEquals(set(1), placement.afterStatements());
        assertEquals(List.of(new Dependency(1, Dependency.Kind.VARIABLE, "L"),
                new Dependency(1, Dependency.Kind.CONTROL, "inside the FOR of statement 1")), a.statement(2).dependencies());
        assertEquals(1, a.statement(2).depth());
        assertEquals(1, a.statement(2).parent());
    }

    @Test
    void reassignedInoutParameterKeepsBothCandidateKeys() throws CompileException {
        var p = new Proc("REDIRECT");
        Variable target = p.param("T", SqlType.BIGINT, org.pimsql.frontend.ir.ParamMode.INOUT);
        Variable other = p.in("O", SqlType.BIGINT);
        p.ifThen(eq(ref(other), lit(0)), () -> p.set(target, add(ref(other), lit(100))));
        p.delete(byPk(0, CHECKING, ref(target)));
        var a = analyze(p);
        assertEquals("partition of (CUSTID = T) or (CUSTID = (O + 100))",
                a.statement(3).accesses().getFirst().placement().description());
        assertEquals(set(0, 2), a.routing().partitions(args(8L, 2L), 4));
        assertEquals(List.of(List.of("T"), List.of("(O + 100)")), a.routing().keys().getFirst().tupleTexts());
    }

    @Test
    void joinKeyedByAnOuterRowIsKnownAfterTheStatementsOwnRead() throws CompileException {
        var p = new Proc("LINKED_BALANCE");
        Variable id = p.in("ID", SqlType.BIGINT);
        Variable bal = p.local("B", SqlType.decimal(12, 2), null);
        var accounts = byPk(0, ACCOUNTS, ref(id));
        var checking = byPk(1, CHECKING, col(0, A_LINKED));
        p.selectInto(select(List.of(accounts, checking), col(1, C_BAL)), bal);
        var a = analyze(p);
        TableAccess inner = a.statement(1).accesses().get(1);
        assertEquals("PRIMARY KEY (CUSTID = ACCOUNTS.LINKED)", inner.path());
        assertEquals(Placement.Kind.DATA_DEPENDENT, inner.placement().kind());
        assertEquals("partition of (CUSTID = ACCOUNTS.LINKED), known after this statement's own read",
                inner.placement().description());
        assertEquals(List.of("CUSTID", "LINKED"), a.statement(1).accesses().getFirst().columnsRead());
        assertEquals(ProcedureClass.MULTI_PARTITION, a.procedureClass());
    }
}
