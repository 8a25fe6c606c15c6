package org.pimsql.codegen;

/**
 * Which table-driven forms of generated code a program uses, and how often they apply. A form costs a
 * fixed kernel path in every program that links it (pim_move's sums, pim_fmt) and saves instructions
 * per use, so {@link ProgramGen} first counts the uses with every form allowed and then keeps the forms
 * that pay for their kernel code in this program (docs/iram.md has the measurements).
 */
final class TableDriven {
    /**
     * Sums and differences computed by pim_move save about 16 proxy instructions each; the kernel's sum
     * path (PIM_MOVE_SUMS) costs about 60, so a program needs a few of them.
     */
    static final int SUMS_WORTH = 4;
    /**
     * Parts of || chains built by pim_fmt save about 10 proxy instructions each (a number about 25); pim_fmt
     * costs about 60 plus number formatting, so a program needs several parts, weighted as counted.
     */
    static final int FORMAT_WEIGHT_WORTH = 8;
    /** Aggregates by pim_range_agg save about 35 proxy instructions each; the helper costs about 70. */
    static final int AGGREGATES_WORTH = 3;
    /**
     * Array elements read by pim_move (a key or SET from {@code ids[i]}) save about 15 proxy instructions
     * each; the kernel's element path (PIM_MOVE_ELEMS) costs about 25.
     */
    static final int ELEMENTS_WORTH = 2;
    /**
     * Primary-key statements run by pim_pk_stmt from a descriptor save about 10 to 20 proxy instructions each
     * (argument setup of the calls they replace); the routine costs about 50, so a program needs several.
     */
    static final int PK_STATEMENTS_WORTH = 5;

    final boolean sums;
    final boolean formats;
    final boolean aggregates;
    final boolean elems;
    final boolean pkStatements;
    /**
     * Some access routes by a HASH key the DPU computes (pim_mp_hash: keys read on the DPU); without one the
     * program compiles pim_mp_hash out (PIM_MP_HASH 0). Not a choice: recorded while generating.
     */
    boolean mpHash;
    int sumUses;
    int elementUses;
    int formatWeight;
    int aggregateUses;
    int pkStatementUses;

    TableDriven(boolean sums, boolean formats, boolean aggregates, boolean elems, boolean pkStatements) {
        this.pkStatements = pkStatements;
        this.sums = sums;
        this.formats = formats;
        this.aggregates = aggregates;
        this.elems = elems;
    }

    static TableDriven all() {
        return new TableDriven(true, true, true, true, true);
    }

    /** The forms that pay, judged from the uses counted while generating with {@link #all()}. */
    TableDriven worthwhile() {
        TableDriven kept = new TableDriven(sumUses >= SUMS_WORTH, formatWeight >= FORMAT_WEIGHT_WORTH,
                aggregateUses >= AGGREGATES_WORTH, elementUses >= ELEMENTS_WORTH,
                pkStatementUses >= PK_STATEMENTS_WORTH);
        kept.mpHash = mpHash;
        return kept;
    }

    boolean sameForms(TableDriven o) {
        return sums == o.sums && formats == o.formats && aggregates == o.aggregates && elems == o.elems
                && pkStatements == o.pkStatements;
    }
}
