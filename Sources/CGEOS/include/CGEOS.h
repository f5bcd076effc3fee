#ifndef WORKOUTENGINE_CGEOS_H
#define WORKOUTENGINE_CGEOS_H
// The part of GEOS's C API the RouteGeometry module calls, reached through libgeos_c opened at run time
// (dlopen), not linked, as CPROJ reaches PROJ: loading GEOS (libgeos_c, libgeos, libstdc++'s share) is 2 ms
// of a process's start-up here, and a command that draws no route geometry needs none of it.
//
// The library opened is the file named by the environment variable WORKOUTENGINE_GEOS_LIBRARY when it is set,
// else the system's libgeos_c.
//
// Only the reentrant (_r) API may be called: every call takes a context handle. Each `lazy_<name>` calls
// GEOS's `<name>` with the same arguments and result. When libgeos_c cannot be opened (or lacks a function),
// `workoutengine_library_failure(workoutengine_geos_library())` says why and `lazy_GEOS_init_r` returns NULL, as GEOS
// does when it cannot make a context; every other function fails as GEOS does on error (NULL, 0 or -1) without being
// reached.
#define GEOS_USE_ONLY_R_API 1
#include <geos_c.h>

#include <CLibraryLoader.h>

struct workoutengine_geos_functions {
    __typeof__(&GEOS_init_r) GEOS_init_r;
    __typeof__(&GEOS_finish_r) GEOS_finish_r;
    __typeof__(&GEOSContext_setErrorMessageHandler_r) GEOSContext_setErrorMessageHandler_r;
    __typeof__(&GEOSSimplify_r) GEOSSimplify_r;
    __typeof__(&GEOSGeom_createLineString_r) GEOSGeom_createLineString_r;
    __typeof__(&GEOSGeom_createCollection_r) GEOSGeom_createCollection_r;
    __typeof__(&GEOSGeom_createPointFromXY_r) GEOSGeom_createPointFromXY_r;
    __typeof__(&GEOSGeom_destroy_r) GEOSGeom_destroy_r;
    __typeof__(&GEOSGeom_getCoordSeq_r) GEOSGeom_getCoordSeq_r;
    __typeof__(&GEOSGeomTypeId_r) GEOSGeomTypeId_r;
    __typeof__(&GEOSGetNumGeometries_r) GEOSGetNumGeometries_r;
    __typeof__(&GEOSGetGeometryN_r) GEOSGetGeometryN_r;
    __typeof__(&GEOSisEmpty_r) GEOSisEmpty_r;
    __typeof__(&GEOSLength_r) GEOSLength_r;
    __typeof__(&GEOSDifference_r) GEOSDifference_r;
    __typeof__(&GEOSBuffer_r) GEOSBuffer_r;
    __typeof__(&GEOSCoordSeq_copyFromArrays_r) GEOSCoordSeq_copyFromArrays_r;
    __typeof__(&GEOSCoordSeq_copyToArrays_r) GEOSCoordSeq_copyToArrays_r;
    __typeof__(&GEOSCoordSeq_getSize_r) GEOSCoordSeq_getSize_r;
    __typeof__(&GEOSWKTReader_create_r) GEOSWKTReader_create_r;
    __typeof__(&GEOSWKTReader_read_r) GEOSWKTReader_read_r;
    __typeof__(&GEOSWKTReader_destroy_r) GEOSWKTReader_destroy_r;
};

/// GEOS's functions, opening libgeos_c on the first call (every later call returns at once; thread-safe).
const struct workoutengine_geos_functions *workoutengine_geos(void);

/// libgeos_c itself, for CLibraryLoader's functions: `workoutengine_library_failure` (why it could not be opened,
/// opening it first), `workoutengine_library_failure_after_use`, `workoutengine_library_start_opening`.
struct workoutengine_library *workoutengine_geos_library(void);

static inline GEOSContextHandle_t lazy_GEOS_init_r(void) {
    return workoutengine_geos()->GEOS_init_r();
}

static inline void lazy_GEOS_finish_r(GEOSContextHandle_t handle) {
    workoutengine_geos()->GEOS_finish_r(handle);
}

static inline GEOSMessageHandler_r lazy_GEOSContext_setErrorMessageHandler_r(GEOSContextHandle_t extHandle,
                                                                             GEOSMessageHandler_r ef, void *userData) {
    return workoutengine_geos()->GEOSContext_setErrorMessageHandler_r(extHandle, ef, userData);
}

static inline GEOSGeometry *lazy_GEOSSimplify_r(GEOSContextHandle_t handle, const GEOSGeometry *g, double tolerance) {
    return workoutengine_geos()->GEOSSimplify_r(handle, g, tolerance);
}

static inline GEOSGeometry *lazy_GEOSGeom_createLineString_r(GEOSContextHandle_t handle, GEOSCoordSequence *s) {
    return workoutengine_geos()->GEOSGeom_createLineString_r(handle, s);
}

static inline GEOSGeometry *lazy_GEOSGeom_createCollection_r(GEOSContextHandle_t handle, int type, GEOSGeometry **geoms,
                                                             unsigned int ngeoms) {
    return workoutengine_geos()->GEOSGeom_createCollection_r(handle, type, geoms, ngeoms);
}

static inline GEOSGeometry *lazy_GEOSGeom_createPointFromXY_r(GEOSContextHandle_t handle, double x, double y) {
    return workoutengine_geos()->GEOSGeom_createPointFromXY_r(handle, x, y);
}

static inline void lazy_GEOSGeom_destroy_r(GEOSContextHandle_t handle, GEOSGeometry *g) {
    workoutengine_geos()->GEOSGeom_destroy_r(handle, g);
}

static inline const GEOSCoordSequence *lazy_GEOSGeom_getCoordSeq_r(GEOSContextHandle_t handle, const GEOSGeometry *g) {
    return workoutengine_geos()->GEOSGeom_getCoordSeq_r(handle, g);
}

static inline int lazy_GEOSGeomTypeId_r(GEOSContextHandle_t handle, const GEOSGeometry *g) {
    return workoutengine_geos()->GEOSGeomTypeId_r(handle, g);
}

static inline int lazy_GEOSGetNumGeometries_r(GEOSContextHandle_t handle, const GEOSGeometry *g) {
    return workoutengine_geos()->GEOSGetNumGeometries_r(handle, g);
}

static inline const GEOSGeometry *lazy_GEOSGetGeometryN_r(GEOSContextHandle_t handle, const GEOSGeometry *g, int n) {
    return workoutengine_geos()->GEOSGetGeometryN_r(handle, g, n);
}

static inline char lazy_GEOSisEmpty_r(GEOSContextHandle_t handle, const GEOSGeometry *g) {
    return workoutengine_geos()->GEOSisEmpty_r(handle, g);
}

static inline int lazy_GEOSLength_r(GEOSContextHandle_t handle, const GEOSGeometry *g, double *length) {
    return workoutengine_geos()->GEOSLength_r(handle, g, length);
}

static inline GEOSGeometry *lazy_GEOSDifference_r(GEOSContextHandle_t handle, const GEOSGeometry *g1,
                                                  const GEOSGeometry *g2) {
    return workoutengine_geos()->GEOSDifference_r(handle, g1, g2);
}

static inline GEOSGeometry *lazy_GEOSBuffer_r(GEOSContextHandle_t handle, const GEOSGeometry *g, double width,
                                              int quadsegs) {
    return workoutengine_geos()->GEOSBuffer_r(handle, g, width, quadsegs);
}

static inline GEOSCoordSequence *lazy_GEOSCoordSeq_copyFromArrays_r(GEOSContextHandle_t handle, const double *x,
                                                                    const double *y, const double *z, const double *m,
                                                                    unsigned int size) {
    return workoutengine_geos()->GEOSCoordSeq_copyFromArrays_r(handle, x, y, z, m, size);
}

static inline int lazy_GEOSCoordSeq_copyToArrays_r(GEOSContextHandle_t handle, const GEOSCoordSequence *s, double *x,
                                                   double *y, double *z, double *m) {
    return workoutengine_geos()->GEOSCoordSeq_copyToArrays_r(handle, s, x, y, z, m);
}

static inline int lazy_GEOSCoordSeq_getSize_r(GEOSContextHandle_t handle, const GEOSCoordSequence *s,
                                              unsigned int *size) {
    return workoutengine_geos()->GEOSCoordSeq_getSize_r(handle, s, size);
}

static inline GEOSWKTReader *lazy_GEOSWKTReader_create_r(GEOSContextHandle_t handle) {
    return workoutengine_geos()->GEOSWKTReader_create_r(handle);
}

static inline GEOSGeometry *lazy_GEOSWKTReader_read_r(GEOSContextHandle_t handle, GEOSWKTReader *reader,
                                                      const char *wkt) {
    return workoutengine_geos()->GEOSWKTReader_read_r(handle, reader, wkt);
}

static inline void lazy_GEOSWKTReader_destroy_r(GEOSContextHandle_t handle, GEOSWKTReader *reader) {
    workoutengine_geos()->GEOSWKTReader_destroy_r(handle, reader);
}

#endif
