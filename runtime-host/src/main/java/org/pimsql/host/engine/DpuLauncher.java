package org.pimsql.host.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.pimsql.codegen.vm.KernelSpec;
import org.pimsql.host.backend.DpuBackend;
import org.pimsql.host.backend.DpuException;
import org.pimsql.host.backend.DpuProgramException;

/**
 * Runs launch rounds on the DPUs: makes them ready for the schema (kernel, image), pushes each active DPU's batch,
 * launches those DPUs, pulls and decodes their results, and counts what moved (executor thread only).
 */
final class DpuLauncher {
    private static final byte[] NOTHING = new byte[0];

    private final DpuBackend backend;
    private final ExecutionCounters counters;
    /** The kernel the DPUs run and the image last written to their MRAM (null before the first launch). */
    private KernelSpec loadedKernel;
    private byte[] loadedImage;
    /**
     * The generation the batches name for the image in the DPUs' MRAM (the kernels keep its header between launches):
     * a checksum of its bytes, never 0, so that it names the same image in every process, even to a kernel whose WRAM
     * a program load of another process left behind.
     */
    private int imageGeneration;

    DpuLauncher(DpuBackend backend, ExecutionCounters counters) {
        this.backend = backend;
        this.counters = counters;
    }

    /**
     * Runs one round (a formatting one first zeroes the data the new database starts from); returns each DPU's
     * results, one per call in batch order (null: did not run, output full).
     */
    List<List<CallCodec.Result>> run(CompiledSchema current, LaunchRound round) throws DpuException {
        CallCodec codec = current.codec();
        int loads = prepareDpus(current);
        long pushed = 0;
        MramRegion zeroes = round.format() != null ? codec.formatZeroes(round.format()) : null;
        if (zeroes != null) {
            // the hash bucket arrays and B+tree root leaves: every chain and tree empty (the kernel only installs
            // the header)
            byte[][] copies = new byte[backend.dpuCount()][];
            Arrays.fill(copies, new byte[zeroes.capacity()]);
            backend.push(zeroes.symbol(), zeroes.offset(), copies);
            pushed += bytes(copies);
        }
        for (byte[] input : round.inputs()) {
            if (input != null) {
                codec.stampImage(input, imageGeneration);
            }
        }
        backend.push(codec.input().symbol(), codec.input().offset(), round.inputs());
        backend.launch(round.active());
        List<List<RoutedCall>> calls = round.batches();
        int dpus = calls.size();
        // the results: each DPU's output header, then every part of the output area it says holds something (the
        // kernel's tasklets write their own output slices, which the host reads where they are)
        int[] parts = codec.outputParts();
        int headerBytes = codec.outputHeaderBytes();
        long pulled = 0;
        byte[][] headers = new byte[dpus][];
        if (headerBytes > 0) {
            int[] headerLengths = new int[dpus];
            for (int d = 0; d < dpus; d++) {
                headerLengths[d] = calls.get(d).isEmpty() ? 0 : headerBytes;
            }
            headers = backend.pull(codec.output().symbol(), codec.output().offset(), headerLengths);
            pulled += bytes(headers);
        }
        int[][] lengths = new int[dpus][];
        int[] none = new int[parts.length]; // read only: a DPU without calls has nothing to pull
        for (int d = 0; d < dpus; d++) {
            lengths[d] = calls.get(d).isEmpty() ? none : codec.outputLengths(calls.get(d), headers[d]);
        }
        byte[][][] outputs = new byte[dpus][parts.length][];
        for (int p = 0; p < parts.length; p++) {
            int[] partLengths = new int[dpus];
            boolean any = false;
            for (int d = 0; d < dpus; d++) {
                // part 0 starts with the header: pulled already unless the part is longer
                partLengths[d] = p == 0 && headerBytes > 0 && lengths[d][0] <= headerBytes ? 0 : lengths[d][p];
                any |= partLengths[d] > 0;
            }
            if (any) {
                byte[][] part = backend.pull(codec.output().symbol(), codec.output().offset() + parts[p], partLengths);
                pulled += bytes(part);
                for (int d = 0; d < dpus; d++) {
                    outputs[d][p] = partLengths[d] > 0 ? part[d] : null;
                }
            }
        }
        for (int d = 0; d < dpus; d++) {
            if (outputs[d][0] == null && lengths[d][0] > 0) {
                outputs[d][0] = Arrays.copyOf(headers[d], lengths[d][0]);
            }
            for (int p = 0; p < parts.length; p++) {
                outputs[d][p] = outputs[d][p] == null ? NOTHING : outputs[d][p];
            }
        }
        counters.launch(1, loads, pushed + bytes(round.inputs()), pulled);
        var results = new ArrayList<List<CallCodec.Result>>(dpus);
        for (int d = 0; d < dpus; d++) {
            List<RoutedCall> queue = calls.get(d);
            if (queue.isEmpty()) {
                results.add(List.of());
                continue;
            }
            List<CallCodec.Result> r = codec.decodeResults(queue, outputs[d]);
            if (r.stream().allMatch(java.util.Objects::isNull)) {
                throw new DpuException("DPU " + d + " ran none of its " + queue.size() + " calls");
            }
            results.add(r);
        }
        return results;
    }

    /** Loads the kernel {@code current} needs now, before its first launch (a checkpoint restore reaches MRAM). */
    void loadKernel(CompiledSchema current) throws DpuException {
        counters.launch(0, loadKernelIfNeeded(current.code()), 0, 0);
    }

    boolean loaded() {
        return loadedKernel != null;
    }

    /** MRAM was overwritten (a checkpoint restored): the next launch writes the schema's image again. */
    void forgetImage() {
        loadedImage = null;
    }

    private int loadKernelIfNeeded(DpuCode code) throws DpuException {
        if (loadedKernel != null && loadedKernel.covers(code.kernel())) {
            return 0;
        }
        java.nio.file.Path binary = code.source().binary(code.kernel());
        try {
            backend.load(binary);
        } catch (DpuProgramException e) {
            throw e;
        } catch (DpuException e) {
            // no call causes a refused program, and every launch would meet it again (DpuProgramException)
            throw new DpuProgramException("cannot load the DPU kernel " + code.kernel().id() + " (" + binary + "): "
                    + e.getMessage());
        }
        loadedKernel = code.kernel();
        return 1;
    }

    private static long bytes(byte[][] buffers) {
        long n = 0;
        for (byte[] b : buffers) {
            n += b == null ? 0 : b.length;
        }
        return n;
    }

    /**
     * Makes the DPUs ready for {@code current}'s calls: loads a kernel that covers its image's needs when the loaded
     * one does not (the first launch, or a schema that needs more features or another tasklet count; MRAM is kept),
     * and writes the image to every DPU's MRAM when the schema changed. Returns the kernel loads it made.
     */
    private int prepareDpus(CompiledSchema current) throws DpuException {
        DpuCode code = current.code();
        int loads = loadKernelIfNeeded(code);
        if (loadedImage != code.image() && code.image().length > 0) {
            byte[] image = code.image();
            byte[][] copies = new byte[backend.dpuCount()][];
            Arrays.fill(copies, image);
            backend.push(code.region().symbol(), code.region().offset(), copies);
            loadedImage = image;
            var crc = new java.util.zip.CRC32C();
            crc.update(image);
            imageGeneration = (int) crc.getValue() == 0 ? 1 : (int) crc.getValue();
        }
        return loads;
    }
}
