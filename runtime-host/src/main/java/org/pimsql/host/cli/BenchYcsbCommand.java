package org.pimsql.host.cli;

import picocli.CommandLine.Command;

/** {@code pimsql bench ycsb}: YCSB multi-key transactions, run by the SmallBank driver ({@link BenchBankCommand}). */
@Command(name = "ycsb", mixinStandardHelpOptions = true,
        description = {"YCSB transactions of --ops operations on random keys (MultiKeyTxn, examples/ycsb), "
                + "--workload A|B|C|F, zipfian keys (--theta) or --uniform. The --customers option is for 'bench bank'."})
final class BenchYcsbCommand extends BenchBankCommand {
    @Override
    String workload() {
        return "ycsb";
    }
}
