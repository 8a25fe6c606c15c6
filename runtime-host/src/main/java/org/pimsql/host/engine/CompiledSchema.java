package org.pimsql.host.engine;

import org.pimsql.codegen.SchemaLayout;
import org.pimsql.frontend.catalog.Catalog;

/** Everything the runtime needs from one compilation of the schema's scripts. */
public final class CompiledSchema {
    private final Catalog catalog;
    private final DpuCode code;
    private final CallCodec codec;
    private final CallRouter router;
    /** The code generator's layout (row formats, memory map), for reading tables from MRAM; null for test doubles. */
    private final SchemaLayout layout;

    public CompiledSchema(Catalog catalog, DpuCode code, CallCodec codec, CallRouter router) {
        this(catalog, code, codec, router, null);
    }

    public CompiledSchema(Catalog catalog, DpuCode code, CallCodec codec, CallRouter router, SchemaLayout layout) {
        this.layout = layout;
        this.catalog = catalog;
        this.code = code;
        this.codec = codec;
        this.router = router;
    }

    public Catalog catalog() {
        return catalog;
    }

    /** The kernel and image the DPUs run (every procedure of the schema is in the image). */
    public DpuCode code() {
        return code;
    }

    public CallCodec codec() {
        return codec;
    }

    /** The storage layout the programs were compiled with, or null when this schema has none (test doubles). */
    public SchemaLayout layout() {
        return layout;
    }

    public CallRouter router() {
        return router;
    }
}
