package org.pimsql.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExplainCommandTest {

    static CliRunner explain(String example, String procedure) {
        var args = new ArrayList<String>(List.of("explain"));
        args.addAll(List.of(CliRunner.example(example)));
        args.add(procedure);
        return CliRunner.run(args.toArray(String[]::new));
    }

    @Test
    void sendPaymentPlan() {
        CliRunner r = explain("bank", "SendPayment");
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.out().startsWith("procedure SENDPAYMENT(IN SRC BIGINT, IN DST BIGINT, IN AMOUNT DECIMAL(15,2))\n"), r.out());
        assertTrue(r.out().contains("  class:   multi-partition\n  routing: MOD(SRC) + MOD(DST)\n"), r.out());
        assertTrue(r.out().contains("""
                 6  SELECT bal INTO src_bal FROM checking WHERE custid = src;   (line 74)
                        read CHECKING: PRIMARY KEY (CUSTID = SRC)
                          partition: partition of (CUSTID = SRC)
                """), r.out());
        assertTrue(r.out().contains("""
                10  UPDATE checking SET bal = bal + amount WHERE custid = dst;   (line 79)
                        update CHECKING: PRIMARY KEY (CUSTID = DST)
                          partition: partition of (CUSTID = DST)
                        after: 9 (writes CHECKING after it)
                """), r.out());
        assertTrue(r.out().contains(" 7  IF src_bal < amount THEN ...   (line 75)\n        uses: SRC_BAL from 6\n"),
                r.out());
        assertTrue(r.out().contains("abort decided by statements 0, 1, 2, 3, 4, 5, 6, 7, 8\n"), r.out());
        assertTrue(r.out().contains("placement: 64 partitions on 64 DPUs: partition p on DPU p mod 64 (one per DPU)\n"
                + "execution: exchange call when its keys name partitions on several DPUs "
                + "(re-execution with value exchange, docs/multi-partition.md)\n"), r.out());
    }

    @Test
    void newOrderShowsArrayRoutingAndNesting() {
        CliRunner r = explain("tpcc", "neworder");
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.out().contains("  partitions from every element of: P_ITEM_IDS\n"), r.out());
        assertTrue(r.out().contains("partition: partition of (S_I_ID = P_ITEM_IDS[*]) for every element of P_ITEM_IDS"),
                r.out());
        assertTrue(r.out().contains("partition: replicated: read locally"), r.out());
    }

    @Test
    void unknownProcedureIsAUserError() {
        CliRunner r = explain("bank", "NoSuchProc");
        assertEquals(1, r.exitCode(), r.toString());
        assertEquals("pimsql: error: NoSuchProc: no procedure named NoSuchProc in " + String.join(", ", CliRunner.example("bank"))
                + "; its procedures are AMALGAMATE, BALANCE, DEPOSITCHECKING, SENDPAYMENT, TRANSACTSAVINGS, WRITECHECK\n",
                r.err());
        assertEquals("", r.out());
    }
}
