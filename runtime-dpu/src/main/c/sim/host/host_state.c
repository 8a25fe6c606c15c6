/* Shared host state: the global lock, fault texts, error names, claiming DPUs for an operation. */
#define _GNU_SOURCE /* POSIX and GNU interfaces (mmap flags, clocks, dlinfo, ...) */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "host_internal.h"

pthread_mutex_t pimsim_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t pimsim_changed = PTHREAD_COND_INITIALIZER;
struct pimsim_system_stats pimsim_system;

static char last_fault[PIMSIM_FAULT_TEXT * 2];

void pimsim_set_last_fault_locked(const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    vsnprintf(last_fault, sizeof last_fault, fmt, args);
    va_end(args);
}

void pimsim_set_last_fault(const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    pthread_mutex_lock(&pimsim_lock);
    vsnprintf(last_fault, sizeof last_fault, fmt, args);
    pthread_mutex_unlock(&pimsim_lock);
    va_end(args);
}

size_t pimsim_last_fault(char *buf, size_t size) {
    pthread_mutex_lock(&pimsim_lock);
    size_t len = strlen(last_fault);
    if (size > 0) snprintf(buf, size, "%s", last_fault);
    pthread_mutex_unlock(&pimsim_lock);
    return len;
}

dpu_error_t pimsim_dpu_fault(struct dpu_set_t dpu, char *buf, size_t size) {
    if (dpu.kind != DPU_SET_DPU) return DPU_ERR_INVALID_DPU_SET;
    pthread_mutex_lock(&pimsim_lock);
    if (size > 0) snprintf(buf, size, "%s", dpu.dpu->state == PIMSIM_DPU_FAULT ? dpu.dpu->fault : "");
    pthread_mutex_unlock(&pimsim_lock);
    return DPU_OK;
}

const char *pimsim_error_name(dpu_error_t error) {
    switch (error) {
    case DPU_OK: return "DPU_OK";
    case DPU_ERR_INTERNAL: return "DPU_ERR_INTERNAL";
    case DPU_ERR_ALLOCATION: return "DPU_ERR_ALLOCATION";
    case DPU_ERR_INVALID_DPU_SET: return "DPU_ERR_INVALID_DPU_SET";
    case DPU_ERR_NO_PROGRAM: return "DPU_ERR_NO_PROGRAM";
    case DPU_ERR_ELF_NO_SUCH_FILE: return "DPU_ERR_ELF_NO_SUCH_FILE";
    case DPU_ERR_ELF_INVALID_FILE: return "DPU_ERR_ELF_INVALID_FILE";
    case DPU_ERR_WRAM_OVERFLOW: return "DPU_ERR_WRAM_OVERFLOW";
    case DPU_ERR_UNKNOWN_SYMBOL: return "DPU_ERR_UNKNOWN_SYMBOL";
    case DPU_ERR_INVALID_SYMBOL_ACCESS: return "DPU_ERR_INVALID_SYMBOL_ACCESS";
    case DPU_ERR_INVALID_MRAM_ACCESS: return "DPU_ERR_INVALID_MRAM_ACCESS";
    case DPU_ERR_INVALID_MEMORY_TRANSFER: return "DPU_ERR_INVALID_MEMORY_TRANSFER";
    case DPU_ERR_TRANSFER_ALREADY_SET: return "DPU_ERR_TRANSFER_ALREADY_SET";
    case DPU_ERR_DPU_ALREADY_RUNNING: return "DPU_ERR_DPU_ALREADY_RUNNING";
    case DPU_ERR_INVALID_LAUNCH_POLICY: return "DPU_ERR_INVALID_LAUNCH_POLICY";
    case DPU_ERR_DPU_FAULT: return "DPU_ERR_DPU_FAULT";
    }
    return "unknown dpu_error_t";
}

const char *dpu_error_to_string(dpu_error_t status) { return pimsim_error_name(status); }

const char *pimsim_dpu_name(const struct dpu_t *dpu, char *buf, size_t size) {
    snprintf(buf, size, "DPU %u (rank %u, slot %u)", dpu->set_index, dpu->rank->index, dpu->slot);
    return buf;
}

dpu_error_t pimsim_claim(struct dpu_t **dpus, size_t n, const char *operation) {
    pthread_mutex_lock(&pimsim_lock);
    pimsim_dispatch_owed_locked();
    for (size_t i = 0; i < n; i++) {
        if (dpus[i]->state == PIMSIM_DPU_RUNNING || dpus[i]->pending > 0) {
            char name[64];
            pimsim_set_last_fault_locked("%s: host access to %s while it is running (an asynchronous launch or "
                                         "transfer is in flight; call dpu_sync first)",
                                         operation, pimsim_dpu_name(dpus[i], name, sizeof name));
            pthread_mutex_unlock(&pimsim_lock);
            return DPU_ERR_DPU_ALREADY_RUNNING;
        }
    }
    for (size_t i = 0; i < n; i++) dpus[i]->pending++;
    pthread_mutex_unlock(&pimsim_lock);
    return DPU_OK;
}

void pimsim_release(struct dpu_t **dpus, size_t n) {
    pthread_mutex_lock(&pimsim_lock);
    for (size_t i = 0; i < n; i++) dpus[i]->pending--;
    pthread_cond_broadcast(&pimsim_changed);
    pthread_mutex_unlock(&pimsim_lock);
}
