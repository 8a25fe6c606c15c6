/**
 * The {@code pimsql} command line ({@code bin/pimsql} runs {@link org.pimsql.host.cli.PimsqlMain}):
 * {@code compile} and {@code explain} work on scripts alone; {@code run} (scripts), {@code shell} (a prompt)
 * and {@code bench} (SmallBank on simulated DPUs, on the driver {@link org.pimsql.host.cli.CallBenchmark}
 * that the benchmarks module's {@code bench ycsb} shares) execute them on an embedded database through
 * {@link org.pimsql.host.cli.SqlSession}, with statements split by {@link org.pimsql.frontend.parser.SqlSplitter}.
 *
 * <p>One class per subcommand, each a picocli {@code @Command} implementing {@code Callable<Integer>};
 * register a new one in the {@code subcommands} list of {@link org.pimsql.host.cli.PimsqlMain}. Inside a
 * command, write results to {@code spec.commandLine().getOut()}; report a mistake the user can fix by
 * throwing {@link org.pimsql.host.cli.UserError} (or {@link org.pimsql.host.cli.CompileFailure} for
 * compile errors, via {@link org.pimsql.host.cli.SchemaLoader}); anything else thrown is an internal
 * error (exit code 2, stack trace only with {@code --debug}). Tests call
 * {@link org.pimsql.host.cli.PimsqlMain#run} in-process.
 */
package org.pimsql.host.cli;
