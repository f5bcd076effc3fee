#ifndef WORKOUTENGINE_CLIBRARYLOADER_H
#define WORKOUTENGINE_CLIBRARYLOADER_H
// Opening a system library at run time (dlopen) for the C modules that reach PROJ and GEOS that way
// (CPROJ, CGEOS): its start-up cost is then paid when first needed, or on a thread of its own.
#include <pthread.h>
#include <stddef.h>

/// A library opened at run time and the functions looked up in it.
struct workoutengine_library {
    /// The environment variable that names the library's path, when it is set (then only it is tried).
    const char *environment_variable;
    /// The names `dlopen` tries, in order, when the environment names none.
    const char *const *names;
    size_t name_count;
    /// The functions looked up, in the order of `table`.
    const char *const *symbols;
    size_t symbol_count;
    /// `symbol_count` function pointers, replaced by what was found once every symbol is.
    void *table;
    /// Set when the library could not be opened or lacked a symbol; `failure` then says why.
    int failed;
    char failure[512];
    /// Set by `workoutengine_library_answered_without` (a fallback answered a call).
    int answered_without;
    /// Set, under `mutex`, once the library was opened or found missing (initialise `mutex` with
    /// PTHREAD_MUTEX_INITIALIZER).
    int opened;
    pthread_mutex_t mutex;
};

/// A `struct workoutengine_library` for the environment variable `variable`, the arrays `name_array` and
/// `symbol_array`, and `function_table` (a struct of function pointers in the order of `symbol_array`).
#define WORKOUTENGINE_LIBRARY(variable, name_array, symbol_array, function_table)                                      \
    {                                                                                                                  \
        .environment_variable = (variable), .names = (name_array),                                                     \
        .name_count = sizeof(name_array) / sizeof((name_array)[0]), .symbols = (symbol_array),                         \
        .symbol_count = sizeof(symbol_array) / sizeof((symbol_array)[0]), .table = (function_table),                   \
        .mutex = PTHREAD_MUTEX_INITIALIZER,                                                                            \
    }

/// Opens `library` and fills its table, or records why it could not: the first call does, on whatever thread;
/// every other waits for it to end, then returns at once.
void workoutengine_library_open(struct workoutengine_library *library);

/// Starts `workoutengine_library_open(library)` on a new detached thread. Returns 0, or the `pthread_create`
/// error (then the first call opens the library itself).
int workoutengine_library_start_opening(struct workoutengine_library *library);

/// Why `library` could not be opened, or NULL when it is open. Opens it first if needed.
const char *workoutengine_library_failure(struct workoutengine_library *library);

/// Records that a fallback answered a call of `library`: some result was computed without it.
void workoutengine_library_answered_without(struct workoutengine_library *library);

/// Why `library` could not be opened, when a fallback has answered a call; NULL otherwise. Never waits.
const char *workoutengine_library_failure_after_use(const struct workoutengine_library *library);

/// Runs `body` on a new detached thread. Returns 0, or the `pthread_create` error.
int workoutengine_run_detached(void (*body)(void));

#endif
