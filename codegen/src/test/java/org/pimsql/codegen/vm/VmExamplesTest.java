package org.pimsql.codegen.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.pimsql.codegen.ExampleBuilds;
import org.pimsql.codegen.LayoutBuilder;
import org.pimsql.codegen.SchemaLayout;
import org.pimsql.frontend.analysis.Analyzer;
import org.pimsql.frontend.catalog.Catalog;

class VmExamplesTest {
    static VmImage image(String example) throws Exception {
        Catalog catalog = ExampleBuilds.catalog(example);
        var exchange = new java.util.HashSet<String>();
        for (var pa : Analyzer.analyze(catalog).procedureList()) {
            if (pa.routing().exchange()) {
                exchange.add(pa.name());
            }
        }
        SchemaLayout layout = LayoutBuilder.build(catalog, exchange);
        return VmCompiler.compile(catalog, layout, Set.copyOf(exchange));
    }

    @Test
    void everyExampleCompilesIntoOneImage() throws Exception {
        for (String example : new String[] {"bank", "ycsb", "tpcc"}) {
            VmImage image = image(example);
            System.out.println(example + ": " + image.bytes().length + " bytes, " + image.layout() + ", kernel "
                    + image.kernel().id() + " (" + KernelSpec.describe(image.kernel().features()) + ")");
            for (CompiledProcedure p : image.procedures()) {
                int w0 = java.nio.ByteBuffer.wrap(p.code()).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt(8 * p.ninstr());
                System.out.println("  " + p.name() + ": " + p.ninstr() + " instructions, " + p.code().length
                        + " bytes, frame " + p.frameBytes() + " (cells at " + (w0 & 0xFFFF) + ", " + (w0 >>> 16)
                        + " cells)");
            }
            assertEquals(VmFormat.IMAGE_MAGIC, java.nio.ByteBuffer.wrap(image.bytes()).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt(0));
            assertTrue(image.layout().tasklets() >= 1);
        }
        if (System.getenv("PIMSQL_LISTING") != null) {
            VmImage tpcc = image("tpcc");
            for (CompiledProcedure p : tpcc.procedures()) {
                if (p.name().equals(System.getenv("PIMSQL_LISTING"))) {
                    p.listing().lines().forEach(System.out::println);
                }
            }
        }
    }
}
