/*
 * Checks the kernel's primary-key hash (key_hash, static in pim_store.c) against the vectors the host's
 * PrimaryKeyHash is checked against too (src/test/resources/contracts/key-hash.vectors): the host computes
 * the hash of a key to find its row in a snapshot of MRAM, so both must agree bit for bit.
 *
 * pim_store.c is included here to reach its static function; the program links the rest of the kernel
 * without pim_exec.c (whose main() this replaces) and pim_store.c (runtime-dpu/Makefile).
 * Usage: key_hash_test VECTORS_FILE. Exit status 0 when every vector holds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pim_store.c"

#define MAX_KEY 512
#define MAX_LINE 2048

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s VECTORS_FILE\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (f == NULL) {
        perror(argv[1]);
        return 2;
    }
    static char line[MAX_LINE];
    static uint8_t key[MAX_KEY];
    int checked = 0, failed = 0, lineno = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n') continue;
        char *hex = strtok(line, " ");
        char *hash = strtok(NULL, " ");
        if (hex == NULL || hash == NULL) {
            fprintf(stderr, "%s:%d: malformed vector\n", argv[1], lineno);
            return 2;
        }
        uint32_t len = 0;
        if (strcmp(hex, "-") != 0) {
            size_t digits = strlen(hex);
            if (digits % 2 != 0 || digits / 2 > MAX_KEY) {
                fprintf(stderr, "%s:%d: bad key bytes\n", argv[1], lineno);
                return 2;
            }
            for (size_t i = 0; i < digits; i += 2) {
                int hi = hex_digit(hex[i]), lo = hex_digit(hex[i + 1]);
                if (hi < 0 || lo < 0) {
                    fprintf(stderr, "%s:%d: bad hex digit\n", argv[1], lineno);
                    return 2;
                }
                key[len++] = (uint8_t)(hi << 4 | lo);
            }
        }
        uint32_t expected = (uint32_t)strtoul(hash, NULL, 16);
        uint32_t got = key_hash(key, len);
        checked++;
        if (got != expected) {
            fprintf(stderr, "%s:%d: key_hash = %08x, expected %08x\n", argv[1], lineno, got, expected);
            failed++;
        }
    }
    fclose(f);
    if (checked == 0) {
        fprintf(stderr, "%s: no vectors\n", argv[1]);
        return 1;
    }
    if (failed) return 1;
    printf("key_hash_test: %d vectors agree\n", checked);
    return 0;
}
