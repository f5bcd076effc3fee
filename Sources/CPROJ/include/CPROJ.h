#ifndef WORKOUTENGINE_CPROJ_H
#define WORKOUTENGINE_CPROJ_H
// PROJ's geodesic API (geod_init, geod_inverse, geod_direct) and the part of its transform API the
// Geodesy module calls, reached through libproj opened at run time (dlopen), not linked.
//
// Why: libproj brings about 40 shared libraries with it (libcurl and its TLS stack, libtiff, ...), and
// loading them is most of a short command's start-up (an empty C program linked with -lproj takes 9-10 ms
// here, 1 ms without). Opened at run time, PROJ loads once, when first called, or on a thread of its own
// from `workoutengine_library_start_opening(workoutengine_proj_library())`, while the caller parses its arguments and
// reads its file.
//
// The library opened is the file named by the environment variable WORKOUTENGINE_PROJ_LIBRARY when it is set
// (a PROJ of one's own build), else the system's libproj.
//
// Each `lazy_<name>` below calls PROJ's `<name>` with the same arguments and result. When libproj cannot
// be opened (or lacks a function), `workoutengine_library_failure(workoutengine_proj_library())` says why and the
// functions fail as PROJ does for bad input: the geodesic problems give NaN, `proj_context_create` and `proj_create`
// give NULL, `proj_trans` gives HUGE_VAL, `proj_trans_generic` transforms nothing.
#include <geodesic.h>
#include <proj.h>

#include <CLibraryLoader.h>
#include <stddef.h>

struct workoutengine_proj_functions {
    __typeof__(&geod_init) geod_init;
    __typeof__(&geod_inverse) geod_inverse;
    __typeof__(&geod_direct) geod_direct;
    __typeof__(&proj_context_create) proj_context_create;
    __typeof__(&proj_context_destroy) proj_context_destroy;
    __typeof__(&proj_context_errno) proj_context_errno;
    __typeof__(&proj_context_errno_string) proj_context_errno_string;
    __typeof__(&proj_context_set_search_paths) proj_context_set_search_paths;
    __typeof__(&proj_log_level) proj_log_level;
    __typeof__(&proj_log_func) proj_log_func;
    __typeof__(&proj_create) proj_create;
    __typeof__(&proj_destroy) proj_destroy;
    __typeof__(&proj_errno_reset) proj_errno_reset;
    __typeof__(&proj_trans) proj_trans;
    __typeof__(&proj_trans_generic) proj_trans_generic;
};

/// PROJ's functions, opening libproj on the first call (every later call returns at once; thread-safe).
const struct workoutengine_proj_functions *workoutengine_proj(void);

/// libproj itself, for CLibraryLoader's functions: `workoutengine_library_failure` (why it could not be opened,
/// opening it first), `workoutengine_library_failure_after_use`, `workoutengine_library_start_opening`.
struct workoutengine_library *workoutengine_proj_library(void);

static inline void lazy_geod_init(struct geod_geodesic *g, double a, double f) {
    workoutengine_proj()->geod_init(g, a, f);
}

static inline void lazy_geod_inverse(const struct geod_geodesic *g, double lat1, double lon1, double lat2, double lon2,
                                     double *ps12, double *pazi1, double *pazi2) {
    workoutengine_proj()->geod_inverse(g, lat1, lon1, lat2, lon2, ps12, pazi1, pazi2);
}

static inline void lazy_geod_direct(const struct geod_geodesic *g, double lat1, double lon1, double azi1, double s12,
                                    double *plat2, double *plon2, double *pazi2) {
    workoutengine_proj()->geod_direct(g, lat1, lon1, azi1, s12, plat2, plon2, pazi2);
}

static inline PJ_CONTEXT *lazy_proj_context_create(void) {
    return workoutengine_proj()->proj_context_create();
}

static inline PJ_CONTEXT *lazy_proj_context_destroy(PJ_CONTEXT *ctx) {
    return workoutengine_proj()->proj_context_destroy(ctx);
}

static inline int lazy_proj_context_errno(PJ_CONTEXT *ctx) {
    return workoutengine_proj()->proj_context_errno(ctx);
}

static inline const char *lazy_proj_context_errno_string(PJ_CONTEXT *ctx, int err) {
    return workoutengine_proj()->proj_context_errno_string(ctx, err);
}

static inline void lazy_proj_context_set_search_paths(PJ_CONTEXT *ctx, int count_paths, const char *const *paths) {
    workoutengine_proj()->proj_context_set_search_paths(ctx, count_paths, paths);
}

static inline PJ_LOG_LEVEL lazy_proj_log_level(PJ_CONTEXT *ctx, PJ_LOG_LEVEL log_level) {
    return workoutengine_proj()->proj_log_level(ctx, log_level);
}

static inline void lazy_proj_log_func(PJ_CONTEXT *ctx, void *app_data, PJ_LOG_FUNCTION logf) {
    workoutengine_proj()->proj_log_func(ctx, app_data, logf);
}

static inline PJ *lazy_proj_create(PJ_CONTEXT *ctx, const char *definition) {
    return workoutengine_proj()->proj_create(ctx, definition);
}

static inline PJ *lazy_proj_destroy(PJ *P) {
    return workoutengine_proj()->proj_destroy(P);
}

static inline int lazy_proj_errno_reset(const PJ *P) {
    return workoutengine_proj()->proj_errno_reset(P);
}

static inline PJ_COORD lazy_proj_trans(PJ *P, PJ_DIRECTION direction, PJ_COORD coord) {
    return workoutengine_proj()->proj_trans(P, direction, coord);
}

static inline size_t lazy_proj_trans_generic(PJ *P, PJ_DIRECTION direction, double *x, size_t sx, size_t nx, double *y,
                                             size_t sy, size_t ny, double *z, size_t sz, size_t nz, double *t,
                                             size_t st, size_t nt) {
    return workoutengine_proj()->proj_trans_generic(P, direction, x, sx, nx, y, sy, ny, z, sz, nz, t, st, nt);
}

#endif
