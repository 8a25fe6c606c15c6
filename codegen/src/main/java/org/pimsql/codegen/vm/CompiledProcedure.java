package org.pimsql.codegen.vm;

import java.util.List;

/**
 * One procedure compiled for the kernel (docs/vm.md): its code block (instructions then pool), frame and the kernel
 * features its operations need.
 *
 * @param code        instructions ({@code ninstr} x 8 bytes) then the pool, a multiple of 8 bytes
 * @param frameBytes  its frame
 * @param outBytes    the OUT block returned after a successful call
 * @param xbuf        frame offset of the exchange buffer, or {@link VmFormat#NO_OPERAND}
 * @param features    VmFormat.F_* bits
 * @param unsupported accesses the exchange cannot route (their spanning calls fail with 0A000)
 */
public record CompiledProcedure(int id, String name, byte[] code, int ninstr, int frameBytes, int outBytes, int xbuf,
                                int features, Listing listing, List<String> unsupported) {
    public CompiledProcedure {
        unsupported = List.copyOf(unsupported);
        features |= opFeatures(code, ninstr);
        if ((features & VmFormat.F_TREE_WRITES) != 0) {
            features |= VmFormat.F_TREES;
        }
    }

    /** The features the operations of {@code code} need. */
    static int opFeatures(byte[] code, int ninstr) {
        int f = 0;
        for (int i = 0; i < ninstr; i++) {
            Op op = Op.values()[code[i * VmFormat.INSTRUCTION_BYTES] & 0xFF];
            f |= switch (op) {
                case RLO, ROPEN, RNEXT -> VmFormat.F_TREES;
                case MPAT, MPVAL, MPNONE -> VmFormat.F_MP;
                case MPROWS, MPRNEXT, MPROW, MPPUT, MPLOOK, MPJEND -> VmFormat.F_MP | VmFormat.F_MP_ROWS;
                case GAGGS, GROWS -> VmFormat.F_MP | VmFormat.F_MP_SCATTER;
                case MPHASH -> VmFormat.F_MP | VmFormat.F_MP_HASH;
                case NTOS, STON -> VmFormat.F_TEXT;
                case SKEY, SORTPUT, SORTGET, SETADD -> VmFormat.F_SORT;
                default -> 0;
            };
        }
        return f;
    }
}
