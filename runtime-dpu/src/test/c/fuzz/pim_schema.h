/*
 * Schema sizes for the kernel fuzz target (fuzz_kernel.c): two tables, one B+tree slot, one executing
 * tasklet (so pim_me() needs no running DPU).
 */
#ifndef PIM_SCHEMA_H
#define PIM_SCHEMA_H

#define PIM_NTABLES 2u
#define PIM_NTREES 0u
#define PIM_NTREES_ALLOC 1u
#define PIM_FREE_CLASSES 3u
#define PIM_EXEC_TASKLETS 1u
#define PIM_UNDO_SLOTS 1u
#define PIM_PARAM_WORDS 8u
#define PIM_ROW_WORDS 16u
#define PIM_DB_OFF 0u
#define PIM_DB_BYTES 4096u
#define PIM_IN_OFF 4096u
#define PIM_IN_BYTES 65536u
#define PIM_OUT_BYTES 65536u
#define PIM_UNDO_BYTES 65536u
#define PIM_DATA_END 1048576u
#define PIM_DEFAULT_BUCKETS_LOG2 4u
#define PIM_MAX_STEPS 1000u

#endif
