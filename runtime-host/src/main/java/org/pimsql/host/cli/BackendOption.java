package org.pimsql.host.cli;

import picocli.CommandLine.Option;

/** {@code --backend NAME}: where a command's DPUs are (a picocli mixin; the JDBC URL's {@code backend} option). */
public final class BackendOption {
    @Option(names = "--backend", paramLabel = "NAME",
            description = "Where the DPUs are: simulator (default) or upmem, an UPMEM server's DPUs through the UPMEM SDK "
                    + "(found through PIMSQL_UPMEM_HOME or dpu-upmem-dpurte-clang on the PATH; docs/upmem.md).")
    String backend;

    /** {@code url} with the backend option when one was given. */
    public String appendTo(String url) {
        return backend == null ? url : url + (url.contains("?") ? "&" : "?") + "backend=" + backend;
    }
}
