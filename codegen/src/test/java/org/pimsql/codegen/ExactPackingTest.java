package org.pimsql.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The search of {@link ExactPacking} with a made-up measure instead of proxy builds. */
class ExactPackingTest {
    /** A TPC-C-like case: first-fit decreasing needs three programs, two suffice. */
    private static final List<String> PROCS = List.of("N", "P", "D", "O", "S");
    private static final Map<String, Integer> CODE = Map.of("N", 930, "P", 480, "D", 340, "O", 270, "S", 140);
    private static final Map<String, Integer> RUNTIME = Map.of("N", 2960, "P", 2950, "D", 2940, "O", 2900, "S", 2920);

    /** "Building" a program: the largest runtime of its members plus their code, like the estimate. */
    private static int measure(List<String> bin) {
        int rt = 0;
        int sum = 0;
        for (String p : bin) {
            rt = Math.max(rt, RUNTIME.get(p));
            sum += CODE.get(p);
        }
        return rt + sum;
    }

    @Test
    void findsTheTwoProgramPackingAndBuildsOnlyAFewCandidates() throws Exception {
        List<List<List<String>>> built = new ArrayList<>();
        List<List<String>> bins = ExactPacking.pack(PROCS, CODE, RUNTIME, 4096, b -> {
            built.add(b);
            return b.stream().allMatch(bin -> measure(bin) <= 4096);
        });
        assertEquals(2, bins.size(), String.valueOf(bins));
        Set<Set<String>> got = new HashSet<>();
        bins.forEach(b -> got.add(Set.copyOf(b)));
        assertEquals(Set.of(Set.of("N", "S"), Set.of("P", "D", "O")), got);
        assertTrue(built.size() <= ExactPacking.TRIES_PER_COUNT, "built " + built.size());
        // every candidate tried was a partition of all procedures
        for (List<List<String>> c : built) {
            List<String> flat = new ArrayList<>();
            c.forEach(flat::addAll);
            assertEquals(Set.copyOf(PROCS), Set.copyOf(flat));
            assertEquals(PROCS.size(), flat.size());
        }
    }

    @Test
    void triesMoreProgramsWhenNoPackingOfFewerFits() throws Exception {
        List<List<String>> bins = ExactPacking.pack(PROCS, CODE, RUNTIME, 3900, b -> b.stream().allMatch(bin -> measure(bin) <= 3900));
        assertTrue(bins.size() >= 3, String.valueOf(bins));
        bins.forEach(b -> assertTrue(measure(b) <= 3900, String.valueOf(b)));
    }

    @Test
    void givesUpWhenNothingVerifies() throws Exception {
        assertNull(ExactPacking.pack(PROCS, CODE, RUNTIME, 4096, b -> false));
    }
}
