package org.pimsql.codegen.vm;

/**
 * The operations of a DPU program (docs/vm.md). The order is the numbering: {@code kernel/pim_ops.h} is
 * generated from this enum ({@link KernelHeader}), so the kernel's switch and this enum cannot disagree.
 * Each constant names the operands it uses, for the assembler's checks and the listing of {@code explain}.
 */
public enum Op {
    NOP(""),
    END(""),
    JMP("x:jump"),
    JT("a:cell x:jump"),
    JF("a:cell x:jump"),
    JFALSE("a:cell x:jump"),
    JNULL("a:cell x:jump"),
    JNN("a:cell x:jump"),
    TICK(""),
    SIGNAL("a:cell x:state"),
    NULL("a:cell"),
    INT("a:cell x:lo y:hi"),
    INT64("a:cell x:int64"),
    STR("a:cell x:bytes y:len"),
    COPY("a:cell b:cell"),
    NOW("a:cell"),
    LD("a:cell x:field"),
    ST("a:cell x:field"),
    MV("x:field y:field"),
    KEY("x:keypair y:jump"),
    FILL("a:byte x:frame y:len"),
    COPYB("x:frame y:frame bc:len"),
    // NULL-propagating operations come in two runs the kernel tests once (pim_vm.c): first those with two
    // operands, b and c, then those with one, b; a NULL operand makes the result NULL without running them
    ADD("a:cell b:cell c:cell"),
    SUB("a:cell b:cell c:cell"),
    MUL("a:cell b:cell c:cell"),
    DIV("a:cell b:cell c:cell"),
    MOD("a:cell b:cell c:cell"),
    CMP("a:cell b:cell c:cell x:rel"),
    SCMP("a:cell b:cell c:cell x:rel"),
    POS("a:cell b:cell c:cell"),
    // TRIM (VmFormat.F_STRINGS): the character c from b's side(s) x
    TRIM("a:cell b:cell c:cell x:side"),
    SUBSTR("a:cell b:cell c:cell x:cell?"),
    NEG("a:cell b:cell"),
    ADDI("a:cell b:cell x:imm"),
    CMPI("a:cell b:cell x:rel y:imm"),
    SCALE("a:cell b:cell x:scale"),
    FIT("a:cell b:cell x:fit"),
    NOT("a:cell b:cell"),
    CLEN("a:cell b:cell"),
    FITS("a:cell b:cell x:len"),
    CUT("a:cell b:cell x:len y:skip"),
    PAD("a:cell b:cell x:frame y:len"),
    NTOS("a:cell b:cell x:frame y:format"),
    STON("a:cell b:cell x:format"),
    FOLD("a:cell b:cell x:frame y:case"),
    TSPART("a:cell b:cell x:part"),
    SETADD("a:cell b:cell x:frame y:len"),
    AND("a:cell b:cell c:cell"),
    OR("a:cell b:cell c:cell"),
    ISNULL("a:cell b:cell x:const"),
    // b LIKE c [ESCAPE x] (VmFormat.F_STRINGS): not NULL-propagating, a bad escape or pattern fails even beside a NULL
    LIKE("a:cell b:cell c:cell x:cell?"),
    CAT("a:cell b:truncate c:count x:cat"),
    ELEM("a:cell b:cell x:array"),
    CARD("a:cell x:frame"),
    PKFIND("a:cell b:find x:frame y:table"),
    SCANOPEN("x:frame"),
    SCANNEXT("a:cell b:table x:frame y:frame"),
    RLO("x:range"),
    ROPEN("x:range"),
    RNEXT("a:cell x:range"),
    ROWLOAD("a:cell b:table x:frame"),
    INSERT("b:table x:frame"),
    UPDATE("a:cell b:table c:kept x:frame y:frame?"),
    DELETE("a:cell b:table x:frame"),
    PUSHOFF("a:cell b:cell x:frame y:len"),
    GETOFF("a:cell b:cell x:frame"),
    SKEY("b:cell x:frame y:key"),
    SORTPUT("x:sort"),
    SORTGET("a:cell x:sort"),
    RSBEGIN("x:const"),
    RSROW("x:frame y:len"),
    RSEND(""),
    MPAT("a:write b:cell? x:jump y:slot?"),
    MPHASH("a:cell b:cell c:count x:kinds"),
    MPVAL("x:values"),
    MPROWS("a:cell b:cell x:values"),
    MPRNEXT("a:cell"),
    MPROW("a:cell"),
    MPPUT("a:cell"),
    MPLOOK("a:cell x:values"),
    MPJEND(""),
    GAGGS("b:cell x:aggs"),
    GROWS("x:sort y:const"),
    // relations (docs/multi-partition.md "Relations"): a read every participant reduces, the host merges
    GOPEN("a:cell b:cell? x:relation"),
    GPUT("a:cell x:relation y:mode"),
    GCLOSE("a:cell x:relation"),
    GNEXT("a:cell x:relation"),
    GREW("x:relation"),
    MPDPU("a:cell");

    /** Operands as {@code slot:kind} words (slot a, b, c, x, y or bc); a trailing {@code ?} marks 0xFFFF (a cell: 255) as absent. */
    public final String operands;

    Op(String operands) {
        this.operands = operands;
    }

    /** The operation's code in an instruction's first byte. */
    public int code() {
        return ordinal();
    }

    /** The kind of the operand in {@code slot} (a, b, c, x, y, bc), or null when the operation does not use it. */
    public String operand(String slot) {
        for (String part : operands.split(" ")) {
            if (part.startsWith(slot + ":")) {
                return part.substring(slot.length() + 1);
            }
        }
        return null;
    }
}
