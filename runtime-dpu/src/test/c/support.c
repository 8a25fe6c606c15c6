#include "support.h"

#include <stdarg.h>
#include <string.h>

const char *kernel_path(const char *name) {
    static char path[4096];
    const char *dir = getenv("PIMSIM_KERNELS");
    snprintf(path, sizeof path, "%s/%s.so", dir ? dir : "target/pimsim/kernels", name);
    return path;
}

void check_error(const char *what, dpu_error_t status, dpu_error_t expected, ...) {
    char text[2048];
    pimsim_last_fault(text, sizeof text);
    if (status != expected) {
        fprintf(stderr, "%s: expected %s, got %s (%s)\n", what, pimsim_error_name(expected),
                pimsim_error_name(status), text);
        exit(1);
    }
    va_list args;
    va_start(args, expected);
    for (const char *fragment = va_arg(args, const char *); fragment; fragment = va_arg(args, const char *)) {
        if (strstr(text, fragment) == NULL) {
            fprintf(stderr, "%s: fault text lacks \"%s\": %s\n", what, fragment, text);
            exit(1);
        }
    }
    va_end(args);
    printf("  %-28s %s\n", what, text);
}

unsigned long long hash_bytes(unsigned long long h, const void *data, size_t size) {
    const unsigned char *p = data;
    for (size_t i = 0; i < size; i++) h = (h ^ p[i]) * 1099511628211ull;
    return h;
}
