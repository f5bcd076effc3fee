#include "CLibraryLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void load(struct workoutengine_library *library) {
    const char *chosen = getenv(library->environment_variable);
    if (chosen != NULL && chosen[0] == '\0') chosen = NULL; // empty: unset (dlopen("") is the program itself)
    const char *const *names = chosen != NULL ? &chosen : library->names;
    size_t name_count = chosen != NULL ? 1 : library->name_count;
    void *handle = NULL;
    size_t used = 0;
    library->failure[0] = '\0';
    for (size_t i = 0; i < name_count && handle == NULL; i++) {
        // RTLD_LOCAL: the library's symbols stay out of the process's global scope; RTLD_NOW: a missing
        // symbol of its own dependencies shows here, not as a crash in the middle of a computation.
        handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL && used < sizeof library->failure) {
            // Every name tried and why it failed, in order.
            const char *error = dlerror();
            int written = snprintf(library->failure + used, sizeof library->failure - used, "%s%s", used > 0 ? "; " : "",
                                   error != NULL ? error : names[i]);
            if (written > 0) used += (size_t)written;
        }
    }
    if (handle == NULL) {
        if (name_count == 0) snprintf(library->failure, sizeof library->failure, "no library name given");
        library->failed = 1;
        return;
    }
    void *found[64];
    if (library->symbol_count > sizeof found / sizeof found[0]) {
        snprintf(library->failure, sizeof library->failure, "too many symbols (%zu)", library->symbol_count);
        library->failed = 1;
        return;
    }
    for (size_t i = 0; i < library->symbol_count; i++) {
        found[i] = dlsym(handle, library->symbols[i]);
        if (found[i] == NULL) {
            const char *error = dlerror();
            snprintf(library->failure, sizeof library->failure, "%s", error != NULL ? error : library->symbols[i]);
            library->failed = 1;
            return;
        }
    }
    // The table is an array of function pointers, which POSIX lets `dlsym`'s results be converted to.
    memcpy(library->table, found, library->symbol_count * sizeof found[0]);
}

void workoutengine_library_open(struct workoutengine_library *library) {
    if (__atomic_load_n(&library->opened, __ATOMIC_ACQUIRE)) return;
    pthread_mutex_lock(&library->mutex);
    if (!library->opened) {
        load(library);
        __atomic_store_n(&library->opened, 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&library->mutex);
}

static void *open_library(void *library) {
    workoutengine_library_open(library);
    return NULL;
}

static int start_detached(void *(*start)(void *), void *argument);

int workoutengine_library_start_opening(struct workoutengine_library *library) {
    return start_detached(open_library, library);
}

const char *workoutengine_library_failure(struct workoutengine_library *library) {
    workoutengine_library_open(library);
    return library->failed ? library->failure : NULL;
}

void workoutengine_library_answered_without(struct workoutengine_library *library) {
    __atomic_store_n(&library->answered_without, 1, __ATOMIC_RELEASE);
}

const char *workoutengine_library_failure_after_use(const struct workoutengine_library *library) {
    return __atomic_load_n(&library->answered_without, __ATOMIC_ACQUIRE) ? library->failure : NULL;
}

static void *run_body(void *body) {
    void (*function)(void);
    memcpy(&function, &body, sizeof function);
    function();
    return NULL;
}

static int start_detached(void *(*start)(void *), void *argument) {
    pthread_attr_t attributes;
    int status = pthread_attr_init(&attributes);
    if (status != 0) return status;
    status = pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    if (status == 0) status = pthread_create(&thread, &attributes, start, argument);
    pthread_attr_destroy(&attributes);
    return status;
}

int workoutengine_run_detached(void (*body)(void)) {
    void *argument;
    memcpy(&argument, &body, sizeof argument);
    return start_detached(run_body, argument);
}
