/* Table-driven || chains (pim_rt.h pim_fmt): one call and a const table instead of a conversion, a
 * length cut and a pim_cat call per part. */
#include "pim_rt.h"

uint32_t pim_fmt(char *dst, uint32_t cap, const pim_part_t *parts, uint32_t n, bool *isnull)
{
    pim_task_t *T = pim_me();
    char num[24]; /* an int64 with sign and point: at most 21 characters */
    uint32_t at = 0;
    *isnull = false;
    for (; n > 0; n--, parts++) { /* pointer steps: an index would multiply by the entry size */
        const pim_part_t *p = parts;
        const pim_fld_t *f = &p->src;
        const char *s = p->lit;
        uint32_t len = f->len;
        if (f->kind != 0) {
            const uint8_t *b = f->base == PIM_B_PARAMS ? (const uint8_t *)T->params : T->frame;
            const uint8_t *at_field = b + f->off;
            if ((b[f->null_off] & f->null_mask) != 0) {
                *isnull = true;
                return 0;
            }
            s = (const char *)at_field;
            if (f->kind == PIM_K_VARCHAR) {
                len = PIM_VLEN(at_field, 0);
                s += 2;
            } else if (f->kind < PIM_K_CHAR) {
                len = pim_num_to_str(num, sizeof num, pim_ldnum(at_field, f->kind), p->scale);
                s = num;
            }
            if (len > p->cut) {
                if (f->kind < PIM_K_CHAR) {
                    /* a number's text does not fit its CAST: HSQLDB fails, it never cuts digits */
                    pim_fail_truncation();
                }
                len = p->cut;
            }
        }
        at = pim_cat(dst, cap, at, s, len);
    }
    return at;
}
