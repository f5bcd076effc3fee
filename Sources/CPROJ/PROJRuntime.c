#include "CPROJ.h"

#include <CLibraryLoader.h>
#include <math.h>

static struct workoutengine_library library;

// What each function does when libproj could not be opened: fail as PROJ does for input it rejects.
static void failed_geod_init(struct geod_geodesic *g, double a, double f) {
    workoutengine_library_answered_without(&library);
    (void)a;
    (void)f;
    *g = (struct geod_geodesic){0};
}

static void failed_geod_inverse(const struct geod_geodesic *g, double lat1, double lon1, double lat2, double lon2,
                                double *ps12, double *pazi1, double *pazi2) {
    workoutengine_library_answered_without(&library);
    (void)g, (void)lat1, (void)lon1, (void)lat2, (void)lon2;
    if (ps12) *ps12 = NAN;
    if (pazi1) *pazi1 = NAN;
    if (pazi2) *pazi2 = NAN;
}

static void failed_geod_direct(const struct geod_geodesic *g, double lat1, double lon1, double azi1, double s12,
                               double *plat2, double *plon2, double *pazi2) {
    workoutengine_library_answered_without(&library);
    (void)g, (void)lat1, (void)lon1, (void)azi1, (void)s12;
    if (plat2) *plat2 = NAN;
    if (plon2) *plon2 = NAN;
    if (pazi2) *pazi2 = NAN;
}

static PJ_CONTEXT *failed_proj_context_create(void) {
    workoutengine_library_answered_without(&library);
    return NULL;
}
static PJ_CONTEXT *failed_proj_context_destroy(PJ_CONTEXT *ctx) {
    workoutengine_library_answered_without(&library);
    (void)ctx;
    return NULL;
}
static int failed_proj_context_errno(PJ_CONTEXT *ctx) {
    workoutengine_library_answered_without(&library);
    (void)ctx;
    return PROJ_ERR_OTHER;
}
static const char *failed_proj_context_errno_string(PJ_CONTEXT *ctx, int err) {
    workoutengine_library_answered_without(&library);
    (void)ctx, (void)err;
    return "libproj could not be opened";
}
static void failed_proj_context_set_search_paths(PJ_CONTEXT *ctx, int count_paths, const char *const *paths) {
    workoutengine_library_answered_without(&library);
    (void)ctx, (void)count_paths, (void)paths;
}
static PJ_LOG_LEVEL failed_proj_log_level(PJ_CONTEXT *ctx, PJ_LOG_LEVEL log_level) {
    workoutengine_library_answered_without(&library);
    (void)ctx;
    return log_level;
}
static void failed_proj_log_func(PJ_CONTEXT *ctx, void *app_data, PJ_LOG_FUNCTION logf) {
    workoutengine_library_answered_without(&library);
    (void)ctx, (void)app_data, (void)logf;
}
static PJ *failed_proj_create(PJ_CONTEXT *ctx, const char *definition) {
    workoutengine_library_answered_without(&library);
    (void)ctx, (void)definition;
    return NULL;
}
static PJ *failed_proj_destroy(PJ *P) {
    workoutengine_library_answered_without(&library);
    (void)P;
    return NULL;
}
static int failed_proj_errno_reset(const PJ *P) {
    workoutengine_library_answered_without(&library);
    (void)P;
    return 0;
}
static PJ_COORD failed_proj_trans(PJ *P, PJ_DIRECTION direction, PJ_COORD coord) {
    workoutengine_library_answered_without(&library);
    (void)P, (void)direction;
    coord.v[0] = coord.v[1] = coord.v[2] = coord.v[3] = HUGE_VAL;
    return coord;
}
static size_t failed_proj_trans_generic(PJ *P, PJ_DIRECTION direction, double *x, size_t sx, size_t nx, double *y,
                                        size_t sy, size_t ny, double *z, size_t sz, size_t nz, double *t, size_t st,
                                        size_t nt) {
    workoutengine_library_answered_without(&library);
    (void)P, (void)direction, (void)x, (void)sx, (void)nx, (void)y, (void)sy, (void)ny;
    (void)z, (void)sz, (void)nz, (void)t, (void)st, (void)nt;
    return 0;
}

static struct workoutengine_proj_functions functions = {
    failed_geod_init,
    failed_geod_inverse,
    failed_geod_direct,
    failed_proj_context_create,
    failed_proj_context_destroy,
    failed_proj_context_errno,
    failed_proj_context_errno_string,
    failed_proj_context_set_search_paths,
    failed_proj_log_level,
    failed_proj_log_func,
    failed_proj_create,
    failed_proj_destroy,
    failed_proj_errno_reset,
    failed_proj_trans,
    failed_proj_trans_generic,
};

// In the order of `struct workoutengine_proj_functions`.
static const char *const symbols[] = {
    "geod_init",
    "geod_inverse",
    "geod_direct",
    "proj_context_create",
    "proj_context_destroy",
    "proj_context_errno",
    "proj_context_errno_string",
    "proj_context_set_search_paths",
    "proj_log_level",
    "proj_log_func",
    "proj_create",
    "proj_destroy",
    "proj_errno_reset",
    "proj_trans",
    "proj_trans_generic",
};
_Static_assert(sizeof symbols / sizeof symbols[0] == sizeof functions / sizeof(void (*)(void)),
               "one symbol name per function");

// The run-time library of PROJ 9 (Debian 12 and later: libproj25), then any PROJ through the development
// link that libproj-dev installs (it is needed to build this package anyway); on macOS, Homebrew's.
#ifdef __APPLE__
static const char *const names[] = {"libproj.dylib", "/opt/homebrew/lib/libproj.dylib", "/usr/local/lib/libproj.dylib"};
#else
static const char *const names[] = {"libproj.so.25", "libproj.so"};
#endif

static struct workoutengine_library library =
    WORKOUTENGINE_LIBRARY("WORKOUTENGINE_PROJ_LIBRARY", names, symbols, &functions);

const struct workoutengine_proj_functions *workoutengine_proj(void) {
    workoutengine_library_open(&library);
    return &functions;
}

struct workoutengine_library *workoutengine_proj_library(void) {
    return &library;
}
