package org.pimsql.frontend.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.CompileException;
import org.pimsql.frontend.Frontend;
import org.pimsql.frontend.SqlScript;

/** Read/write sets, class and routing of every example procedure (examples/bank, ycsb, tpcc), from their SQL. */
class ExamplesAnalysisTest {
    static final Path EXAMPLES = Path.of("..", "examples");

    record Expected(String name, ProcedureClass procedureClass, String routing, String reads, String writes) {}

    static Expected expect(String name, ProcedureClass c, String routing, String reads, String writes) {
        return new Expected(name, c, routing, reads, writes);
    }

    static SchemaAnalysis analyze(String example) throws IOException, CompileException {
        var scripts = new ArrayList<SqlScript>();
        for (String f : List.of("schema.sql", "procedures.sql")) {
            scripts.add(SqlScript.read(EXAMPLES.resolve(example).resolve(f)));
        }
        return Frontend.compile(scripts).analysis();
    }

    static void check(SchemaAnalysis analysis, List<Expected> expected) {
        assertEquals(expected.stream().map(Expected::name).toList(),
                analysis.procedureList().stream().map(ProcedureAnalysis::name).toList(), "every procedure is covered");
        for (Expected e : expected) {
            ProcedureAnalysis p = analysis.procedure(e.name());
            assertEquals(e.procedureClass(), p.procedureClass(), e.name() + " class");
            assertEquals(e.routing(), p.routing().describe(), e.name() + " routing");
            assertEquals(e.reads(), p.readSet().toString(), e.name() + " read set");
            assertEquals(e.writes(), p.writeSet().toString(), e.name() + " write set");
        }
    }

    static Set<Integer> set(Integer... xs) {
        return new TreeSet<>(List.of(xs));
    }

    @Test
    void bank() throws Exception {
        SchemaAnalysis a = analyze("bank");
        check(a, List.of(
                expect("AMALGAMATE", ProcedureClass.MULTI_PARTITION, "MOD(CUSTID0) + MOD(CUSTID1)",
                        "{ACCOUNTS=[CUSTID, NAME], SAVINGS=[CUSTID, BAL], CHECKING=[CUSTID, BAL]}",
                        "{SAVINGS=[BAL], CHECKING=[BAL]}"),
                expect("BALANCE", ProcedureClass.SINGLE_PARTITION, "MOD(P_CUSTID)",
                        "{ACCOUNTS=[CUSTID, NAME], SAVINGS=[CUSTID, BAL], CHECKING=[CUSTID, BAL]}",
                        "{}"),
                expect("DEPOSITCHECKING", ProcedureClass.SINGLE_PARTITION, "MOD(P_CUSTID)",
                        "{ACCOUNTS=[CUSTID, NAME], CHECKING=[CUSTID, BAL]}",
                        "{CHECKING=[BAL]}"),
                expect("SENDPAYMENT", ProcedureClass.MULTI_PARTITION, "MOD(SRC) + MOD(DST)",
                        "{ACCOUNTS=[CUSTID, NAME], CHECKING=[CUSTID, BAL]}",
                        "{CHECKING=[BAL]}"),
                expect("TRANSACTSAVINGS", ProcedureClass.SINGLE_PARTITION, "MOD(P_CUSTID)",
                        "{ACCOUNTS=[CUSTID, NAME], SAVINGS=[CUSTID, BAL]}",
                        "{SAVINGS=[BAL]}"),
                expect("WRITECHECK", ProcedureClass.SINGLE_PARTITION, "MOD(P_CUSTID)",
                        "{ACCOUNTS=[CUSTID, NAME], SAVINGS=[CUSTID, BAL], CHECKING=[CUSTID, BAL]}",
                        "{CHECKING=[BAL]}")));

        assertEquals(List.of("ACCOUNTS"), a.readOnlyTables());
        Routing send = a.procedure("SENDPAYMENT").routing();
        assertEquals(List.of("SRC", "DST"), send.routingParameters());
        assertEquals(set(3, 6), send.partitions(new Object[] {3L, 14L, 10}, 8));
        assertEquals(set(3), send.partitions(new Object[] {3L, 11L, 10}, 8));

        // WriteCheck's two updates are in different branches of one IF: neither depends on the other
        ProcedureAnalysis check = a.procedure("WRITECHECK");
        StatementAnalysis elseUpdate = check.statements().getLast();
        assertEquals("UPDATE", elseUpdate.kind());
        assertTrue(elseUpdate.dependencies().stream().noneMatch(d -> d.kind() == Dependency.Kind.TABLE),
                elseUpdate.dependencies().toString());
        // SendPayment's credit is ordered after its debit (both write CHECKING; src may equal dst)
        ProcedureAnalysis pay = a.procedure("SENDPAYMENT");
        StatementAnalysis credit = pay.statements().getLast();
        int debit = pay.statements().get(pay.statements().size() - 2).id();
        assertTrue(credit.dependencies().contains(new Dependency(debit, Dependency.Kind.TABLE, "writes CHECKING after it")));
        assertFalse(pay.abortDecision().contains(credit.id()));
    }

    @Test
    void ycsb() throws Exception {
        SchemaAnalysis a = analyze("ycsb");
        String all = "[YCSB_KEY, FIELD0, FIELD1, FIELD2, FIELD3, FIELD4, FIELD5, FIELD6, FIELD7, FIELD8, FIELD9]";
        String fields = "[FIELD0, FIELD1, FIELD2, FIELD3, FIELD4, FIELD5, FIELD6, FIELD7, FIELD8, FIELD9]";
        check(a, List.of(
                expect("READRECORD", ProcedureClass.SINGLE_PARTITION, "MOD(P_KEY)", "{USERTABLE=" + all + "}", "{}"),
                expect("INSERTRECORD", ProcedureClass.SINGLE_PARTITION, "MOD(P_KEY)", "{}", "{USERTABLE=" + all + "}"),
                expect("UPDATERECORD", ProcedureClass.SINGLE_PARTITION, "MOD(P_KEY)",
                        "{USERTABLE=" + all + "}", "{USERTABLE=" + fields + "}"),
                expect("UPDATEALLFIELDS", ProcedureClass.SINGLE_PARTITION, "MOD(P_KEY)",
                        "{USERTABLE=[YCSB_KEY]}", "{USERTABLE=" + fields + "}"),
                expect("READMODIFYWRITE", ProcedureClass.SINGLE_PARTITION, "MOD(P_KEY)",
                        "{USERTABLE=" + all + "}", "{USERTABLE=" + fields + "}"),
                expect("SCANRECORDS", ProcedureClass.ALL_PARTITIONS, "every partition (broadcast read in statement 0)",
                        "{USERTABLE=" + all + "}", "{}"),
                expect("MULTIKEYTXN", ProcedureClass.MULTI_PARTITION, "MOD(P_KEYS[*])",
                        "{USERTABLE=" + all + "}", "{USERTABLE=" + fields + "}")));

        ProcedureAnalysis scan = a.procedure("SCANRECORDS");
        assertEquals(1, scan.flags().size());
        assertTrue(scan.flags().getFirst().startsWith("reads every partition: statement 0 (USERTABLE"));
        assertEquals(set(0, 1, 2, 3), scan.routing().partitions(new Object[] {5L, 10}, 4));

        Routing txn = a.procedure("MULTIKEYTXN").routing();
        assertEquals(List.of("P_KEYS"), txn.routingArrays());
        Object[] args = {new long[] {1, 2, 9, 17}, new int[] {0, 1, 0, 1}, new int[] {3, 3, 3, 3}, "v", null};
        assertEquals(set(1, 2), txn.partitions(args, 8));
        Object[] none = {new long[0], new int[0], new int[0], "v", null};
        assertEquals(1, txn.partitions(none, 8).size(), "a call with empty arrays still runs on one partition");
        assertEquals(Set.of(), txn.keyedPartitions(none, 8));
    }

    @Test
    void tpcc() throws Exception {
        SchemaAnalysis a = analyze("tpcc");
        check(a, List.of(
                expect("NEWORDER", ProcedureClass.MULTI_PARTITION, "MOD(P_W_ID) + HASH(INT,INT)(P_W_ID, P_D_ID) + MOD(P_ITEM_IDS[*])",
                        "{WAREHOUSE=[W_ID, W_TAX], DISTRICT=[D_ID, D_W_ID, D_TAX, D_NEXT_O_ID], CUSTOMER=[C_ID, C_D_ID, C_W_ID, "
                                + "C_LAST, C_CREDIT, C_DISCOUNT], ORDER_LINE=[OL_O_ID, OL_D_ID, OL_W_ID, OL_NUMBER, OL_I_ID, "
                                + "OL_SUPPLY_W_ID, OL_QUANTITY, OL_AMOUNT], ITEM=[I_ID, I_NAME, I_PRICE, I_DATA], STOCK=[S_I_ID, "
                                + "S_W_ID, S_QUANTITY, S_DIST_01, S_DIST_02, S_DIST_03, S_DIST_04, S_DIST_05, S_DIST_06, S_DIST_07, "
                                + "S_DIST_08, S_DIST_09, S_DIST_10, S_YTD, S_ORDER_CNT, S_REMOTE_CNT, S_DATA]}",
                        "{DISTRICT=[D_NEXT_O_ID], NEW_ORDER=[NO_O_ID, NO_D_ID, NO_W_ID], ORDERS=[O_ID, O_D_ID, O_W_ID, O_C_ID, "
                                + "O_ENTRY_D, O_CARRIER_ID, O_OL_CNT, O_ALL_LOCAL], ORDER_LINE=[OL_O_ID, OL_D_ID, OL_W_ID, "
                                + "OL_NUMBER, OL_I_ID, OL_SUPPLY_W_ID, OL_DELIVERY_D, OL_QUANTITY, OL_AMOUNT, OL_DIST_INFO], "
                                + "STOCK=[S_QUANTITY, S_YTD, S_ORDER_CNT, S_REMOTE_CNT]}"),
                expect("PAYMENT", ProcedureClass.MULTI_PARTITION,
                        "MOD(P_W_ID) + HASH(INT,INT)(P_W_ID, P_D_ID) + HASH(INT,INT)(P_C_W_ID, P_C_D_ID)",
                        "{WAREHOUSE=[W_ID, W_NAME, W_STREET_1, W_STREET_2, W_CITY, W_STATE, W_ZIP, W_YTD], DISTRICT=[D_ID, "
                                + "D_W_ID, D_NAME, D_STREET_1, D_STREET_2, D_CITY, D_STATE, D_ZIP, D_YTD], CUSTOMER=[C_ID, "
                                + "C_D_ID, C_W_ID, C_FIRST, C_MIDDLE, C_LAST, C_STREET_1, C_STREET_2, C_CITY, C_STATE, C_ZIP, "
                                + "C_PHONE, C_SINCE, C_CREDIT, C_CREDIT_LIM, C_DISCOUNT, C_BALANCE, C_YTD_PAYMENT, "
                                + "C_PAYMENT_CNT, C_DATA], HISTORY_KEY=[HK_W_ID, HK_LAST_ID]}",
                        "{WAREHOUSE=[W_YTD], DISTRICT=[D_YTD], CUSTOMER=[C_BALANCE, C_YTD_PAYMENT, C_PAYMENT_CNT, C_DATA], "
                                + "HISTORY=[H_ID, H_C_ID, H_C_D_ID, H_C_W_ID, H_D_ID, H_W_ID, H_DATE, H_AMOUNT, H_DATA], "
                                + "HISTORY_KEY=[HK_LAST_ID]}"),
                expect("ORDERSTATUS", ProcedureClass.SINGLE_PARTITION, "HASH(INT,INT)(P_W_ID, P_D_ID)",
                        "{CUSTOMER=[C_ID, C_D_ID, C_W_ID, C_FIRST, C_MIDDLE, C_LAST, C_BALANCE], ORDERS=[O_ID, O_D_ID, O_W_ID, "
                                + "O_C_ID, O_ENTRY_D, O_CARRIER_ID], ORDER_LINE=[OL_O_ID, OL_D_ID, OL_W_ID, OL_NUMBER, OL_I_ID, "
                                + "OL_SUPPLY_W_ID, OL_DELIVERY_D, OL_QUANTITY, OL_AMOUNT]}",
                        "{}"),
                expect("DELIVERY", ProcedureClass.SINGLE_PARTITION, "HASH(INT,INT)(P_W_ID, P_D_ID)",
                        "{CUSTOMER=[C_ID, C_D_ID, C_W_ID, C_BALANCE, C_DELIVERY_CNT], NEW_ORDER=[NO_O_ID, NO_D_ID, NO_W_ID], "
                                + "NEW_ORDER_HEAD=[NH_W_ID, NH_D_ID, NH_O_ID], ORDERS=[O_ID, O_D_ID, O_W_ID, O_C_ID], "
                                + "ORDER_LINE=[OL_O_ID, OL_D_ID, OL_W_ID, OL_AMOUNT]}",
                        "{CUSTOMER=[C_BALANCE, C_DELIVERY_CNT], NEW_ORDER=[NO_O_ID, NO_D_ID, NO_W_ID], NEW_ORDER_HEAD=[NH_O_ID], "
                                + "ORDERS=[O_CARRIER_ID], ORDER_LINE=[OL_DELIVERY_D]}"),
                expect("STOCKLEVEL", ProcedureClass.MULTI_PARTITION,
                        "HASH(INT,INT)(P_W_ID, P_D_ID); data-dependent in statement 1",
                        "{DISTRICT=[D_ID, D_W_ID, D_NEXT_O_ID], ORDER_LINE=[OL_O_ID, OL_D_ID, OL_W_ID, OL_I_ID], "
                                + "STOCK=[S_I_ID, S_W_ID, S_QUANTITY]}",
                        "{}")));

        assertEquals(List.of("ITEM"), a.readOnlyTables());
        // New-Order: the warehouse (w mod P), the district (hashed with the warehouse) and the stock of every
        // item (item mod P, whatever the supplying warehouse)
        ProcedureAnalysis newOrder = a.procedure("NEWORDER");
        assertEquals(List.of("P_W_ID", "P_D_ID"), newOrder.routing().routingParameters());
        assertEquals(List.of("P_ITEM_IDS"), newOrder.routing().routingArrays());
        Object[] args = new Object[newOrder.procedure().params().size()];
        args[0] = 2;
        args[1] = 3;
        int items = newOrder.procedure().params().stream().filter(v -> v.name().equals("P_ITEM_IDS")).findFirst()
                .orElseThrow().id();
        int supply = newOrder.procedure().params().stream().filter(v -> v.name().equals("P_SUPPLY_W_IDS")).findFirst()
                .orElseThrow().id();
        args[supply] = new int[] {2, 2, 7, 2};
        args[items] = new int[] {17, 5, 33, 2};
        var district = PartitionFunction.of(a.catalog().table("DISTRICT")).partition(List.of(2, 3), 16);
        var expected = set(2, 1, 5, district);
        assertEquals(expected, newOrder.routing().partitions(args, 16));
        // Delivery is one district per call: single-partition, on the district's partition
        ProcedureAnalysis delivery = a.procedure("DELIVERY");
        assertEquals(set(district), delivery.routing().partitions(new Object[] {2, 3, (short) 1, null}, 16));
        // Stock-Level's join finds STOCK rows through ORDER_LINE's item ids: their partitions are known only then
        TableAccess stock = a.procedure("STOCKLEVEL").statements().stream().flatMap(s -> s.accesses().stream())
                .filter(x -> x.table().equals("STOCK")).findFirst().orElseThrow();
        assertEquals(Placement.Kind.DATA_DEPENDENT, stock.placement().kind());
        assertTrue(stock.path().startsWith("PRIMARY KEY (S_W_ID = P_W_ID, S_I_ID = ORDER_LINE.OL_I_ID)"), stock.path());
    }
}
