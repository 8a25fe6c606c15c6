/* DPU allocation in ranks of 64, freeing, counting and iterating sets. */
#define _GNU_SOURCE /* POSIX and GNU interfaces (mmap flags, clocks, dlinfo, ...) */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "host_internal.h"

/* One dpu_alloc: its ranks, linked in a list of live allocations (for pimsim_reset_stats). */
struct pimsim_allocation {
    struct pimsim_allocation *next;
    uint32_t nr_ranks;
    uint32_t nr_dpus;
    struct dpu_rank_t **ranks;
};

static struct pimsim_allocation *allocations;
static uint32_t allocated_dpus;

/* DPUs of the simulated machine: PIMSIM_MAX_DPUS, default 2560 (a full UPMEM server). */
static uint32_t system_dpus(void) {
    const char *env = getenv("PIMSIM_MAX_DPUS");
    long n = env ? atol(env) : 2560;
    return n > 0 ? (uint32_t)n : 2560;
}

static void free_rank(struct dpu_rank_t *rank) {
    for (unsigned s = 0; s < rank->nr_dpus; s++) {
        struct dpu_t *d = &rank->dpus[s];
        if (d->mram) munmap(d->mram, PIMSIM_MRAM_SIZE);
        free(d->wram_image);
        if (d->program) pimsim_program_release_locked(d->program);
    }
    free(rank->dpus);
    free(rank);
}

static dpu_error_t allocate(uint32_t nr_dpus, struct dpu_set_t *set) {
    if (set == NULL || nr_dpus == 0) return DPU_ERR_INVALID_DPU_SET;
    pthread_mutex_lock(&pimsim_lock);
    uint32_t capacity = system_dpus();
    if (nr_dpus == DPU_ALLOCATE_ALL) nr_dpus = capacity - allocated_dpus;
    if (nr_dpus == 0 || nr_dpus > capacity - allocated_dpus) {
        pimsim_set_last_fault_locked("dpu_alloc: %u DPUs requested, %u of the %u simulated DPUs are free "
                                     "(PIMSIM_MAX_DPUS)", nr_dpus, capacity - allocated_dpus, capacity);
        pthread_mutex_unlock(&pimsim_lock);
        return DPU_ERR_ALLOCATION;
    }
    struct pimsim_allocation *a = calloc(1, sizeof *a);
    uint32_t nr_ranks = (nr_dpus + PIMSIM_DPUS_PER_RANK - 1) / PIMSIM_DPUS_PER_RANK;
    if (a) a->ranks = calloc(nr_ranks, sizeof *a->ranks);
    if (a == NULL || a->ranks == NULL) goto out_of_memory;
    a->nr_dpus = nr_dpus;
    for (uint32_t r = 0; r < nr_ranks; r++) {
        struct dpu_rank_t *rank = calloc(1, sizeof *rank);
        if (rank == NULL) goto out_of_memory;
        a->ranks[r] = rank;
        a->nr_ranks = r + 1;
        rank->index = r;
        uint32_t left = nr_dpus - r * PIMSIM_DPUS_PER_RANK;
        rank->nr_dpus = left < PIMSIM_DPUS_PER_RANK ? left : PIMSIM_DPUS_PER_RANK;
        rank->dpus = calloc(rank->nr_dpus, sizeof *rank->dpus);
        if (rank->dpus == NULL) goto out_of_memory;
        for (unsigned s = 0; s < rank->nr_dpus; s++) {
            struct dpu_t *d = &rank->dpus[s];
            d->rank = rank;
            d->slot = s;
            d->set_index = r * PIMSIM_DPUS_PER_RANK + s;
            d->mram = mmap(NULL, PIMSIM_MRAM_SIZE, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
            if (d->mram == MAP_FAILED) {
                d->mram = NULL;
                goto out_of_memory;
            }
        }
    }
    a->next = allocations;
    allocations = a;
    allocated_dpus += nr_dpus;
    set->kind = DPU_SET_RANKS;
    set->list.nr_ranks = a->nr_ranks;
    set->list.ranks = a->ranks;
    pthread_mutex_unlock(&pimsim_lock);
    return DPU_OK;

out_of_memory:
    if (a) {
        for (uint32_t r = 0; r < a->nr_ranks; r++)
            if (a->ranks[r]) free_rank(a->ranks[r]);
        free(a->ranks);
        free(a);
    }
    pimsim_set_last_fault_locked("dpu_alloc: out of host memory for %u DPUs", nr_dpus);
    pthread_mutex_unlock(&pimsim_lock);
    return DPU_ERR_ALLOCATION;
}

dpu_error_t dpu_alloc(uint32_t nr_dpus, const char *profile, struct dpu_set_t *dpu_set) {
    (void)profile; /* the simulator has a single backend */
    return allocate(nr_dpus, dpu_set);
}

dpu_error_t dpu_alloc_ranks(uint32_t nr_ranks, const char *profile, struct dpu_set_t *dpu_set) {
    (void)profile;
    if (nr_ranks == DPU_ALLOCATE_ALL) return allocate(DPU_ALLOCATE_ALL, dpu_set);
    if (nr_ranks == 0 || nr_ranks > UINT32_MAX / PIMSIM_DPUS_PER_RANK) return DPU_ERR_INVALID_DPU_SET;
    return allocate(nr_ranks * PIMSIM_DPUS_PER_RANK, dpu_set);
}

dpu_error_t dpu_free(struct dpu_set_t dpu_set) {
    pthread_mutex_lock(&pimsim_lock);
    pimsim_dispatch_owed_locked();
    struct pimsim_allocation **link = &allocations;
    while (*link && !(dpu_set.kind == DPU_SET_RANKS && (*link)->ranks == dpu_set.list.ranks &&
                      (*link)->nr_ranks == dpu_set.list.nr_ranks))
        link = &(*link)->next;
    struct pimsim_allocation *a = *link;
    if (a == NULL) {
        pimsim_set_last_fault_locked("dpu_free: the set is not one returned by dpu_alloc");
        pthread_mutex_unlock(&pimsim_lock);
        return DPU_ERR_INVALID_DPU_SET;
    }
    for (uint32_t r = 0; r < a->nr_ranks; r++)
        for (unsigned s = 0; s < a->ranks[r]->nr_dpus; s++) {
            struct dpu_t *d = &a->ranks[r]->dpus[s];
            if (d->state == PIMSIM_DPU_RUNNING || d->pending > 0) {
                char name[64];
                pimsim_set_last_fault_locked("dpu_free: %s is still running; call dpu_sync first",
                                             pimsim_dpu_name(d, name, sizeof name));
                pthread_mutex_unlock(&pimsim_lock);
                return DPU_ERR_DPU_ALREADY_RUNNING;
            }
        }
    *link = a->next;
    allocated_dpus -= a->nr_dpus;
    for (uint32_t r = 0; r < a->nr_ranks; r++) free_rank(a->ranks[r]);
    free(a->ranks);
    free(a);
    pthread_mutex_unlock(&pimsim_lock);
    return DPU_OK;
}

dpu_error_t dpu_get_nr_dpus(struct dpu_set_t dpu_set, uint32_t *nr_dpus) {
    if (dpu_set.kind == DPU_SET_DPU) {
        *nr_dpus = 1;
        return DPU_OK;
    }
    uint32_t n = 0;
    for (uint32_t r = 0; r < dpu_set.list.nr_ranks; r++) n += dpu_set.list.ranks[r]->nr_dpus;
    *nr_dpus = n;
    return DPU_OK;
}

dpu_error_t dpu_get_nr_ranks(struct dpu_set_t dpu_set, uint32_t *nr_ranks) {
    *nr_ranks = dpu_set.kind == DPU_SET_DPU ? 1 : dpu_set.list.nr_ranks;
    return DPU_OK;
}

struct pimsim_set_iter pimsim_set_iter_begin(struct dpu_set_t set) {
    struct pimsim_set_iter it;
    memset(&it, 0, sizeof it);
    it.set = set;
    return it;
}

bool pimsim_set_iter_next_dpu(struct pimsim_set_iter *it, struct dpu_set_t *dpu) {
    if (it->set.kind == DPU_SET_DPU) {
        if (it->index > 0) return false;
        *dpu = it->set;
        it->index = 1;
        return true;
    }
    while (it->rank < it->set.list.nr_ranks) {
        struct dpu_rank_t *rank = it->set.list.ranks[it->rank];
        if (it->slot < rank->nr_dpus) {
            dpu->kind = DPU_SET_DPU;
            dpu->dpu = &rank->dpus[it->slot++];
            it->index++;
            return true;
        }
        it->rank++;
        it->slot = 0;
    }
    return false;
}

bool pimsim_set_iter_next_rank(struct pimsim_set_iter *it, struct dpu_set_t *rank) {
    if (it->set.kind == DPU_SET_DPU) {
        /* the rank of a single DPU is not a sub-set of it: nothing to iterate */
        return false;
    }
    if (it->rank >= it->set.list.nr_ranks) return false;
    rank->kind = DPU_SET_RANKS;
    rank->list.nr_ranks = 1;
    rank->list.ranks = &it->set.list.ranks[it->rank++];
    it->index++;
    return true;
}

size_t pimsim_collect(struct dpu_set_t set, struct dpu_t ***dpus) {
    uint32_t n = 0;
    dpu_get_nr_dpus(set, &n);
    *dpus = calloc(n ? n : 1, sizeof **dpus);
    if (*dpus == NULL) return 0;
    struct pimsim_set_iter it = pimsim_set_iter_begin(set);
    struct dpu_set_t one;
    size_t i = 0;
    while (pimsim_set_iter_next_dpu(&it, &one)) (*dpus)[i++] = one.dpu;
    return i;
}

void pimsim_reset_stats(void) {
    pthread_mutex_lock(&pimsim_lock);
    for (struct pimsim_allocation *a = allocations; a; a = a->next)
        for (uint32_t r = 0; r < a->nr_ranks; r++) {
            memset(&a->ranks[r]->counters, 0, sizeof a->ranks[r]->counters);
            for (unsigned s = 0; s < a->ranks[r]->nr_dpus; s++)
                memset(&a->ranks[r]->dpus[s].counters, 0, sizeof a->ranks[r]->dpus[s].counters);
        }
    memset(&pimsim_system, 0, sizeof pimsim_system);
    pthread_mutex_unlock(&pimsim_lock);
}

void pimsim_get_system_stats(struct pimsim_system_stats *stats) {
    pthread_mutex_lock(&pimsim_lock);
    *stats = pimsim_system;
    stats->dma_ops = 0;
    stats->dma_bytes = 0;
    for (struct pimsim_allocation *a = allocations; a; a = a->next)
        for (uint32_t r = 0; r < a->nr_ranks; r++)
            for (unsigned s = 0; s < a->ranks[r]->nr_dpus; s++) {
                const struct pimsim_dpu_counters *c = &a->ranks[r]->dpus[s].counters;
                stats->dma_ops += c->dma_reads + c->dma_writes;
                stats->dma_bytes += c->dma_read_bytes + c->dma_write_bytes;
            }
    pthread_mutex_unlock(&pimsim_lock);
}
