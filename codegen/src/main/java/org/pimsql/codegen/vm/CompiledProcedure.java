package org.pimsql.codegen.vm;

/**
 * One procedure compiled for the kernel (docs/vm.md): its code block (instructions then pool), frame and the kernel
 * features its operations need.
 *
 * @param code        instructions ({@code ninstr} x 8 bytes) then the pool, a multiple of 8 bytes
 * @param frameBytes  its frame
 * @param outBytes    the OUT block returned after a successful call
 * @param features    VmFormat.F_* bits
 */
public record CompiledProcedure(int id, String name, byte[] code, int ninstr, int frameBytes, int outBytes,
                                int features, Listing listing) {
    public CompiledProcedure {
        features |= opFeatures(code, ninstr);
        if ((features & VmFormat.F_TREE_WRITES) != 0) {
            features |= VmFormat.F_TREES;
        }
    }

    /** The features the operations of {@code code} need. */
    static int opFeatures(byte[] code, int ninstr) {
        int f = 0;
        var b = java.nio.ByteBuffer.wrap(code).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < ninstr; i++) {
            int at = i * VmFormat.INSTRUCTION_BYTES;
            Op op = Op.values()[code[at] & 0xFF];
            int x = Short.toUnsignedInt(b.getShort(at + 4));
            int y = Short.toUnsignedInt(b.getShort(at + 6));
            f |= switch (op) {
                case RLO, ROPEN, RNEXT -> VmFormat.F_TREES;
                case MPAT, MPVAL -> VmFormat.F_MP;
                case MPROWS, MPRNEXT, MPROW, MPPUT, MPLOOK, MPJEND -> VmFormat.F_MP | VmFormat.F_MP_ROWS;
                case GAGGS, GROWS -> VmFormat.F_MP | VmFormat.F_MP_SCATTER;
                case GOPEN, GCLOSE, GNEXT, GREW, MPDPU -> VmFormat.F_MP | VmFormat.F_GATHER;
                // GPUT's y: the relation's mode, so that a kernel has only the buffer and combining its relations use
                case GPUT -> VmFormat.F_MP | VmFormat.F_GATHER | (y == VmFormat.G_STREAM ? 0 : VmFormat.F_GATHER_SORT)
                        | (y == VmFormat.G_GROUP ? VmFormat.F_GATHER_GROUP : 0);
                case MPHASH -> VmFormat.F_MP | VmFormat.F_MP_HASH;
                case NTOS -> VmFormat.F_TEXT | (y == VmFormat.TEXT_TIMESTAMP ? VmFormat.F_TIME : 0);
                case STON -> VmFormat.F_PARSE | (x == VmFormat.TEXT_TIMESTAMP ? VmFormat.F_TIME : 0);
                case SKEY, SORTPUT, SORTGET -> VmFormat.F_SORT;
                case SETADD -> VmFormat.F_DISTINCT;
                case SCANOPEN, SCANNEXT -> VmFormat.F_SCAN;
                case AND, OR, NOT, NEG, MOD, FIT, CLEN, SUBSTR, PAD, COPYB -> VmFormat.F_EXPR;
                case LIKE, TRIM, FOLD -> VmFormat.F_STRINGS;
                case TSPART -> VmFormat.F_TIME;
                default -> 0;
            };
        }
        return f;
    }
}
