package org.pimsql.host.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pimsql.codegen.BuildException;
import org.pimsql.codegen.Codegen;
import org.pimsql.codegen.CodegenResult;
import org.pimsql.codegen.KernelBuild;
import org.pimsql.codegen.KernelEstimate;
import org.pimsql.codegen.vm.CompiledProcedure;
import org.pimsql.frontend.CompiledSchema;

/**
 * What {@code pimsql compile} builds for a schema (docs/vm.md): the image of its programs ({@code image.bin}), their
 * listing ({@code listing.txt}), the IRAM estimate of the kernel they need (proxy build, cached) and, unless told not
 * to, the simulator's build of that kernel (cached too).
 *
 * @param estimate      the kernel's estimate, or null when not measured
 * @param nativeKernel  the simulator's kernel, or null when not built
 */
record DpuBuild(CodegenResult result, KernelEstimate estimate, Path nativeKernel, Path image, Path listing) {

    static DpuBuild build(CompiledSchema schema, Path outDir, boolean buildNative, boolean estimate) {
        CodegenResult result;
        try {
            result = Codegen.compile(schema.catalog());
        } catch (BuildException e) {
            throw new UserError(outDir.toString(), "the schema does not fit a DPU: " + e.getMessage());
        }
        Path image = outDir.resolve("image.bin");
        Path listing = outDir.resolve("listing.txt");
        try {
            Files.write(image, result.image().bytes());
            var lines = new ArrayList<String>();
            for (CompiledProcedure p : result.image().procedures()) {
                lines.add("PROCEDURE " + p.name() + " (id " + p.id() + "): " + p.ninstr() + " instructions, "
                        + p.code().length + " bytes, frame " + p.frameBytes() + " bytes");
                lines.addAll(p.listing().lines());
                lines.add("");
            }
            Files.write(listing, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserError(outDir.toString(), "cannot write the compiled program: " + e);
        }
        KernelEstimate iram = null;
        Path kernel = null;
        try {
            if (estimate) {
                iram = KernelBuild.estimate(result.image().kernel());
            }
            if (buildNative) {
                kernel = KernelBuild.nativeLibrary(result.image().kernel());
            }
        } catch (BuildException e) {
            throw new UserError(outDir.toString(), "building the DPU kernel failed: " + e.getMessage());
        } catch (IOException e) {
            throw new UserError(outDir.toString(), "building the DPU kernel failed: " + e);
        }
        return new DpuBuild(result, iram, kernel, image, listing);
    }

    /** The procedures' names, in id order. */
    List<String> procedures() {
        return result.image().procedures().stream().map(CompiledProcedure::name).toList();
    }

    /** The instruction budget of a DPU's IRAM (4,096 on UPMEM v1A) and the margin the estimate must keep. */
    static final int IRAM = 4096;
}
