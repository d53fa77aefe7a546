// Benchmarks/malloc-count.c — an LD_PRELOAD shim that counts a process's heap allocations (malloc, calloc,
// realloc, posix_memalign, aligned_alloc; Swift's allocations go through them) and the bytes asked for, and
// writes "ALLOCATIONS BYTES" to the file named by MALLOC_COUNT_OUT when the process exits. Used by
// Benchmarks/rule-costs.sh; built there with `cc -shared -fPIC -O2 -o malloc-count.so malloc-count.c -ldl`.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

static atomic_ulong calls, bytes;
static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static int (*real_posix_memalign)(void **, size_t, size_t);
static void *(*real_aligned_alloc)(size_t, size_t);

// dlsym may call calloc before real_calloc is known: serve that from a small static buffer.
static char bootstrap[4096];
static size_t bootstrap_used;

static void count(size_t size) {
    atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&bytes, size, memory_order_relaxed);
}

void *malloc(size_t size) {
    if (!real_malloc) real_malloc = dlsym(RTLD_NEXT, "malloc");
    count(size);
    return real_malloc(size);
}

void *calloc(size_t n, size_t size) {
    if (!real_calloc) {
        static int resolving;
        if (resolving) {
            void *p = bootstrap + bootstrap_used;
            bootstrap_used += (n * size + 15) & ~(size_t)15;
            return p;
        }
        resolving = 1;
        real_calloc = dlsym(RTLD_NEXT, "calloc");
        resolving = 0;
    }
    count(n * size);
    return real_calloc(n, size);
}

void *realloc(void *p, size_t size) {
    if (!real_realloc) real_realloc = dlsym(RTLD_NEXT, "realloc");
    count(size);
    return real_realloc(p, size);
}

void free(void *p) {
    static void (*real_free)(void *);
    if ((char *)p >= bootstrap && (char *)p < bootstrap + sizeof bootstrap) return;
    if (!real_free) real_free = dlsym(RTLD_NEXT, "free");
    real_free(p);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (!real_posix_memalign) real_posix_memalign = dlsym(RTLD_NEXT, "posix_memalign");
    count(size);
    return real_posix_memalign(out, alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (!real_aligned_alloc) real_aligned_alloc = dlsym(RTLD_NEXT, "aligned_alloc");
    count(size);
    return real_aligned_alloc(alignment, size);
}

__attribute__((destructor)) static void write_counts(void) {
    const char *path = getenv("MALLOC_COUNT_OUT");
    if (!path) return;
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0) return;
    char line[64];
    int n = snprintf(line, sizeof line, "%lu %lu\n", atomic_load(&calls), atomic_load(&bytes));
    if (n > 0) (void)!write(fd, line, (size_t)n);
    close(fd);
}
