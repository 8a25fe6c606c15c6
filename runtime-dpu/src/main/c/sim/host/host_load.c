/*
 * dpu_load for the simulator: a "DPU program" is a kernel compiled natively as a shared object.
 *
 * Every simulated DPU needs its own WRAM globals. The loader opens several private copies of the
 * .so (each from its own temporary file, so the dynamic loader does not share them) and binds DPU
 * j of the load to copy j % nr_copies for good, so a pointer to a WRAM global stays valid from one
 * launch to the next. Before a DPU runs, its saved WRAM image (the writable data sections of the
 * kernel) is copied into its copy, and back afterwards. The number of copies depends on the
 * machine, not on the thread count, so results do not depend on the thread count.
 *
 * MRAM globals (sections pimsim_mram and pimsim_mram_noinit) are laid out at the start of every
 * DPU's MRAM; the runtime translates their shadow addresses (see runtime/pimsim_rt_mram.c).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host_internal.h"

#if defined(__x86_64__)
#define PIMSIM_HOST_MACHINE EM_X86_64
#elif defined(__aarch64__)
#define PIMSIM_HOST_MACHINE EM_AARCH64
#else
#define PIMSIM_HOST_MACHINE EM_NONE
#endif

/* Section layout of a kernel .so, read from its ELF section headers. */
struct kernel_layout {
    struct pimsim_region wram[PIMSIM_MAX_WRAM_REGIONS];
    unsigned nr_wram;
    size_t wram_size;
    size_t constants_size; /* read-only data: WRAM on the DPU, not saved per DPU */
    size_t mram_vaddr, mram_size, noinit_vaddr, noinit_size;
    size_t mutexes_size;
    size_t image_end; /* end of the highest allocated section: the copy spans [base, base + image_end) */
};

/* Writable sections that are loader/runtime bookkeeping of the native .so, not kernel WRAM. */
static int is_native_bookkeeping(const char *name) {
    static const char *const names[] = {".got", ".got.plt", ".dynamic", ".init_array", ".fini_array",
                                        ".preinit_array", ".tm_clone_table", ".jcr"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i]) == 0) return 1;
    return strncmp(name, ".data.rel.ro", 12) == 0; /* RELRO: read-only once relocated */
}

/*
 * Bytes of the kernel's own constants in the read-only data sections (.rodata*: named constants, string literals,
 * jump and lookup tables; .data.rel.ro*: constant tables of pointers, writable only while the loader relocates
 * them). On a DPU all of it is WRAM. Not counted: the simulator's description of the kernel (pimsim_kernel.h) and
 * the texts of assert() (assert.h keeps them in their own section: the SDK's assert is one fault instruction).
 */
static int is_constant_section(const char *name) {
    return strcmp(name, ".rodata") == 0 || strncmp(name, ".rodata.", 8) == 0 || strncmp(name, ".data.rel.ro", 12) == 0;
}

static size_t constants_size(const uint8_t *file, size_t size, const Elf64_Shdr *sh, unsigned nr_sections,
                             const char *names, size_t names_size) {
    size_t total = 0;
    for (unsigned i = 0; i < nr_sections; i++)
        if ((sh[i].sh_flags & SHF_ALLOC) && sh[i].sh_name < names_size && is_constant_section(names + sh[i].sh_name))
            total += sh[i].sh_size;
    for (unsigned i = 0; i < nr_sections; i++) {
        if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_link >= nr_sections) continue;
        const Elf64_Shdr *strings = &sh[sh[i].sh_link];
        if (sh[i].sh_offset + sh[i].sh_size > size || strings->sh_offset + strings->sh_size > size) continue;
        const Elf64_Sym *syms = (const Elf64_Sym *)(file + sh[i].sh_offset);
        size_t n = sh[i].sh_size / sizeof(Elf64_Sym);
        for (size_t k = 0; k < n; k++) {
            if (ELF64_ST_TYPE(syms[k].st_info) != STT_OBJECT || syms[k].st_shndx == SHN_UNDEF ||
                syms[k].st_shndx >= nr_sections)
                continue;
            const Elf64_Shdr *section = &sh[syms[k].st_shndx];
            if (section->sh_name >= names_size || !is_constant_section(names + section->sh_name)) continue;
            const char *name = syms[k].st_name < strings->sh_size
                                   ? (const char *)file + strings->sh_offset + syms[k].st_name : "";
            if (strncmp(name, "pimsim_kernel_", 14) == 0 && total >= syms[k].st_size) total -= syms[k].st_size;
        }
    }
    return total;
}

static dpu_error_t read_layout(const uint8_t *file, size_t size, const char *path, struct kernel_layout *out) {
    memset(out, 0, sizeof *out);
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)file;
    if (size < sizeof *eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
        eh->e_type != ET_DYN || eh->e_machine != PIMSIM_HOST_MACHINE) {
        pimsim_set_last_fault("dpu_load: %s is not a kernel compiled for the simulator (expected a native shared "
                              "object: clang -shared -fPIC -DNR_TASKLETS=n -I .../sim/include)", path);
        return DPU_ERR_ELF_INVALID_FILE;
    }
    if (eh->e_shoff == 0 || eh->e_shentsize != sizeof(Elf64_Shdr) ||
        eh->e_shoff + (size_t)eh->e_shnum * sizeof(Elf64_Shdr) > size || eh->e_shstrndx >= eh->e_shnum) {
        pimsim_set_last_fault("dpu_load: %s has no usable section headers", path);
        return DPU_ERR_ELF_INVALID_FILE;
    }
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(file + eh->e_shoff);
    const Elf64_Shdr *strtab = &sh[eh->e_shstrndx];
    if (strtab->sh_offset + strtab->sh_size > size) return DPU_ERR_ELF_INVALID_FILE;
    const char *names = (const char *)file + strtab->sh_offset;
    for (unsigned i = 0; i < eh->e_shnum; i++) {
        const Elf64_Shdr *s = &sh[i];
        if (s->sh_name >= strtab->sh_size) return DPU_ERR_ELF_INVALID_FILE;
        const char *name = names + s->sh_name;
        if ((s->sh_flags & SHF_ALLOC) && s->sh_addr + s->sh_size > out->image_end)
            out->image_end = s->sh_addr + s->sh_size;
        if (!(s->sh_flags & SHF_ALLOC) || !(s->sh_flags & SHF_WRITE) || (s->sh_flags & (SHF_TLS | SHF_EXECINSTR)))
            continue;
        if (s->sh_type != SHT_PROGBITS && s->sh_type != SHT_NOBITS) continue;
        if (strcmp(name, "pimsim_mram") == 0) {
            out->mram_vaddr = s->sh_addr;
            out->mram_size = s->sh_size;
        } else if (strcmp(name, "pimsim_mram_noinit") == 0) {
            out->noinit_vaddr = s->sh_addr;
            out->noinit_size = s->sh_size;
        } else if (!is_native_bookkeeping(name) && s->sh_size > 0) {
            if (strcmp(name, "pimsim_mutexes") == 0) out->mutexes_size = s->sh_size;
            if (out->nr_wram == PIMSIM_MAX_WRAM_REGIONS) {
                pimsim_set_last_fault("dpu_load: %s has more than %d writable data sections", path,
                                      PIMSIM_MAX_WRAM_REGIONS);
                return DPU_ERR_ELF_INVALID_FILE;
            }
            struct pimsim_region *r = &out->wram[out->nr_wram++];
            r->vaddr = s->sh_addr;
            r->size = s->sh_size;
            r->image_offset = out->wram_size;
            out->wram_size += (s->sh_size + 7) & ~(size_t)7;
        }
    }
    out->constants_size = constants_size(file, size, sh, eh->e_shnum, names, strtab->sh_size);
    return DPU_OK;
}

static int read_file(const char *path, uint8_t **data, size_t *size) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    struct stat st;
    if (fstat(fd, &st) != 0 || st.st_size <= 0) {
        close(fd);
        return -1;
    }
    *size = (size_t)st.st_size;
    *data = malloc(*size);
    size_t done = 0;
    while (*data && done < *size) {
        ssize_t n = read(fd, *data + done, *size - done);
        if (n <= 0) break;
        done += (size_t)n;
    }
    close(fd);
    if (*data == NULL || done != *size) {
        free(*data);
        return -1;
    }
    return 0;
}

static const char *temp_dir(void) {
    const char *dir = getenv("TMPDIR");
    return dir && *dir ? dir : "/tmp";
}

/* Writes `size` bytes to a new temporary file; returns its malloc'ed path or NULL. */
static char *write_temp(const void *data, size_t size, const char *suffix) {
    size_t len = strlen(temp_dir()) + 64;
    char *path = malloc(len);
    if (path == NULL) return NULL;
    snprintf(path, len, "%s/pimsim-kernel-XXXXXX%s", temp_dir(), suffix);
    int fd = mkstemps(path, (int)strlen(suffix));
    if (fd < 0) {
        free(path);
        return NULL;
    }
    size_t done = 0;
    while (done < size) {
        ssize_t n = write(fd, (const uint8_t *)data + done, size - done);
        if (n <= 0) break;
        done += (size_t)n;
    }
    close(fd);
    if (done != size) {
        unlink(path);
        free(path);
        return NULL;
    }
    return path;
}

/*
 * A kernel's runtime calls (mram_read, me, ...) are undefined symbols resolved against libpimsim.
 * When libpimsim itself was opened with RTLD_LOCAL (Java's System.load does that), its symbols are
 * not visible to later dlopen()s; re-opening it with RTLD_NOLOAD | RTLD_GLOBAL promotes them.
 */
static void promote_runtime(void) {
    Dl_info info;
    if (dladdr((void *)&pimsim_run_launch, &info) && info.dli_fname)
        dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL);
}

static void make_runtime_global(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, promote_runtime);
}

static unsigned default_copies(void) {
    const char *env = getenv("PIMSIM_KERNEL_COPIES");
    if (env && atol(env) > 0) return (unsigned)atol(env);
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned n = cpus > 0 ? 2 * (unsigned)cpus : 2;
    return n < 16 ? 16 : n;
}

static void free_program(struct dpu_program_t *p) {
    for (unsigned c = 0; c < p->nr_copies; c++) {
        struct pimsim_copy *copy = &p->copies[c];
        if (copy->handle) dlclose(copy->handle);
        free(copy->heap);
        pthread_mutex_destroy(&copy->lock);
    }
    free(p->copies);
    free(p->mram_initial);
    free(p->path);
    free(p);
}

void pimsim_program_release_locked(struct dpu_program_t *program) {
    if (--program->refs == 0) free_program(program);
}

/* Opens copy c of the kernel. */
static dpu_error_t open_copy(struct dpu_program_t *p, unsigned c, const uint8_t *data, size_t size) {
    struct pimsim_copy *copy = &p->copies[c];
    pthread_mutex_init(&copy->lock, NULL);
    copy->heap = calloc(1, PIMSIM_WRAM_SIZE);
    char *tmp = write_temp(data, size, ".so");
    if (copy->heap == NULL || tmp == NULL) {
        free(tmp);
        pimsim_set_last_fault("dpu_load: cannot write a private copy of %s to %s", p->path, temp_dir());
        return DPU_ERR_INTERNAL;
    }
    /* DEEPBIND: the kernel's own globals win over same-named symbols of the host process */
    copy->handle = dlopen(tmp, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    /* PIMSIM_KEEP_KERNEL_COPIES=1 leaves the copy on disk for profilers: perf unwinds through a kernel's frames only
     * when it can read the file (docs/performance.md "Which kernel code moves the data") */
    const char *keep = getenv("PIMSIM_KEEP_KERNEL_COPIES");
    if (keep == NULL || strcmp(keep, "1") != 0) unlink(tmp);
    free(tmp);
    if (copy->handle == NULL) {
        pimsim_set_last_fault("dpu_load: cannot open %s: %s", p->path, dlerror());
        return DPU_ERR_ELF_INVALID_FILE;
    }
    struct link_map *map = NULL;
    if (dlinfo(copy->handle, RTLD_DI_LINKMAP, &map) != 0 || map == NULL) return DPU_ERR_INTERNAL;
    copy->base = (uintptr_t)map->l_addr;
    copy->main = (int (*)(void))dlsym(copy->handle, "main");
    if (copy->main == NULL) {
        pimsim_set_last_fault("dpu_load: %s has no main function", p->path);
        return DPU_ERR_ELF_INVALID_FILE;
    }
    return DPU_OK;
}

static dpu_error_t create_program(const char *path, const uint8_t *data, size_t size, unsigned nr_copies,
                                  struct dpu_program_t **out) {
    struct kernel_layout layout;
    dpu_error_t err = read_layout(data, size, path, &layout);
    if (err != DPU_OK) return err;
    struct dpu_program_t *p = calloc(1, sizeof *p);
    if (p == NULL) return DPU_ERR_INTERNAL;
    p->path = strdup(path);
    p->copies = calloc(nr_copies, sizeof *p->copies);
    if (p->path == NULL || p->copies == NULL) {
        free(p->path);
        free(p->copies);
        free(p);
        return DPU_ERR_INTERNAL;
    }
    p->nr_copies = nr_copies;
    memcpy(p->wram, layout.wram, sizeof layout.wram);
    p->nr_wram = layout.nr_wram;
    p->wram_image_size = layout.wram_size;
    p->constants_size = layout.constants_size;
    p->image_end = layout.image_end;
    p->mram_vaddr = layout.mram_vaddr;
    p->mram_size = layout.mram_size;
    p->noinit_vaddr = layout.noinit_vaddr;
    p->noinit_size = layout.noinit_size;
    p->noinit_offset = (layout.mram_size + 7) & ~(size_t)7;
    p->heap_offset = (p->noinit_offset + layout.noinit_size + 7) & ~(size_t)7;
    p->nr_mutexes = (unsigned)(layout.mutexes_size / sizeof(unsigned));
    make_runtime_global();
    for (unsigned c = 0; c < nr_copies; c++) {
        err = open_copy(p, c, data, size);
        if (err != DPU_OK) {
            p->nr_copies = c + 1;
            free_program(p);
            return err;
        }
    }
    const unsigned *tasklets = dlsym(p->copies[0].handle, "pimsim_kernel_nr_tasklets");
    const unsigned *stack = dlsym(p->copies[0].handle, "pimsim_kernel_stack_size");
    if (tasklets == NULL || stack == NULL) {
        pimsim_set_last_fault("dpu_load: %s was not compiled with the simulator's DPU headers (include <defs.h>)",
                              path);
        free_program(p);
        return DPU_ERR_ELF_INVALID_FILE;
    }
    p->nr_tasklets = *tasklets;
    p->stack_size = *stack;
    if (p->nr_tasklets < 1 || p->nr_tasklets > PIMSIM_MAX_TASKLETS) {
        pimsim_set_last_fault("dpu_load: %s has NR_TASKLETS = %u (1..24)", path, p->nr_tasklets);
        free_program(p);
        return DPU_ERR_ELF_INVALID_FILE;
    }
    if (p->nr_mutexes > PIMSIM_MAX_MUTEXES) {
        pimsim_set_last_fault("dpu_load: %s defines %u mutexes; a DPU has at most %d", path, p->nr_mutexes,
                              PIMSIM_MAX_MUTEXES);
        free_program(p);
        return DPU_ERR_ELF_INVALID_FILE;
    }
    size_t fixed = p->wram_image_size + p->constants_size + (size_t)p->nr_tasklets * p->stack_size;
    if (fixed > PIMSIM_WRAM_SIZE) {
        pimsim_set_last_fault("dpu_load: WRAM overflow: %s needs %zu bytes of globals + %zu bytes of read-only data + %u "
                              "tasklets x %u bytes of stack = %zu bytes > 65536 bytes of WRAM",
                              path, p->wram_image_size, p->constants_size, p->nr_tasklets, p->stack_size, fixed);
        free_program(p);
        return DPU_ERR_WRAM_OVERFLOW;
    }
    p->heap_capacity = PIMSIM_WRAM_SIZE - fixed;
    if (p->mram_size) {
        p->mram_initial = malloc(p->mram_size);
        if (p->mram_initial == NULL) {
            free_program(p);
            return DPU_ERR_INTERNAL;
        }
        memcpy(p->mram_initial, (const void *)(p->copies[0].base + p->mram_vaddr), p->mram_size);
    }
    *out = p;
    return DPU_OK;
}

/* Gives a DPU the program: its WRAM image from its (still pristine) copy, its MRAM globals. */
static int bind_dpu(struct dpu_t *d, struct dpu_program_t *p, unsigned copy) {
    uint8_t *image = realloc(d->wram_image, p->wram_image_size ? p->wram_image_size : 8);
    if (image == NULL) return -1;
    d->wram_image = image;
    memset(image, 0, p->wram_image_size); /* the padding between regions too: hashes cover it */
    const struct pimsim_copy *c = &p->copies[copy];
    for (unsigned r = 0; r < p->nr_wram; r++)
        memcpy(image + p->wram[r].image_offset, (const void *)(c->base + p->wram[r].vaddr), p->wram[r].size);
    if (p->mram_size) {
        memcpy(d->mram, p->mram_initial, p->mram_size);
        if (p->mram_size > d->mram_high) d->mram_high = p->mram_size;
    }
    d->copy = copy;
    d->program = p;
    d->state = PIMSIM_DPU_IDLE;
    d->fault[0] = 0;
    d->async_error = DPU_OK;
    return 0;
}

dpu_error_t dpu_load(struct dpu_set_t dpu_set, const char *binary_path, struct dpu_program_t **program) {
    struct dpu_t **dpus;
    size_t n = pimsim_collect(dpu_set, &dpus);
    if (n == 0) {
        free(dpus);
        return DPU_ERR_INVALID_DPU_SET;
    }
    dpu_error_t err = pimsim_claim(dpus, n, "dpu_load");
    if (err != DPU_OK) {
        free(dpus);
        return err;
    }
    uint8_t *data = NULL;
    size_t size = 0;
    struct dpu_program_t *p = NULL;
    if (binary_path == NULL || read_file(binary_path, &data, &size) != 0) {
        pimsim_set_last_fault("dpu_load: cannot read %s", binary_path ? binary_path : "(null)");
        err = DPU_ERR_ELF_NO_SUCH_FILE;
    } else {
        unsigned copies = default_copies();
        err = create_program(binary_path, data, size, n < copies ? (unsigned)n : copies, &p);
    }
    free(data);
    if (err == DPU_OK) {
        pthread_mutex_lock(&pimsim_lock);
        for (size_t j = 0; j < n; j++) {
            struct dpu_program_t *old = dpus[j]->program;
            dpus[j]->program = NULL;
            if (old) pimsim_program_release_locked(old);
            if (bind_dpu(dpus[j], p, (unsigned)(j % p->nr_copies)) != 0) {
                err = DPU_ERR_INTERNAL;
                break;
            }
            p->refs++;
        }
        if (p->refs == 0) free_program(p);
        pthread_mutex_unlock(&pimsim_lock);
        if (program) *program = err == DPU_OK ? p : NULL;
    }
    pimsim_release(dpus, n);
    free(dpus);
    return err;
}

dpu_error_t dpu_load_from_memory(struct dpu_set_t dpu_set, const void *buffer, size_t buffer_size,
                                 struct dpu_program_t **program) {
    char *tmp = write_temp(buffer, buffer_size, ".so");
    if (tmp == NULL) {
        pimsim_set_last_fault("dpu_load_from_memory: cannot write a temporary file in %s", temp_dir());
        return DPU_ERR_INTERNAL;
    }
    dpu_error_t err = dpu_load(dpu_set, tmp, program);
    unlink(tmp);
    free(tmp);
    return err;
}
