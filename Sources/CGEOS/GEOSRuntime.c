#include "CGEOS.h"

#include <CLibraryLoader.h>

static struct workoutengine_library library;

// What each function does when libgeos_c could not be opened. Only GEOS_init_r can be reached (every other
// call needs the context it returns, and it returns NULL); the rest fail as GEOS does on error.

static GEOSContextHandle_t failed_GEOS_init_r(void) {
    workoutengine_library_answered_without(&library);
    return NULL;
}
static void failed_GEOS_finish_r(GEOSContextHandle_t handle) {
    workoutengine_library_answered_without(&library);
    (void)handle;
}
static GEOSMessageHandler_r failed_GEOSContext_setErrorMessageHandler_r(GEOSContextHandle_t extHandle,
                                                                        GEOSMessageHandler_r ef, void *userData) {
    workoutengine_library_answered_without(&library);
    (void)extHandle;
    (void)ef;
    (void)userData;
    return NULL;
}
static GEOSGeometry *failed_GEOSSimplify_r(GEOSContextHandle_t handle, const GEOSGeometry *g, double tolerance) {
    workoutengine_library_answered_without(&library);
    (void)handle;
    (void)g;
    (void)tolerance;
    return NULL;
}
static GEOSGeometry *failed_GEOSGeom_createLineString_r(GEOSContextHandle_t handle, GEOSCoordSequence *s) {
    workoutengine_library_answered_without(&library);
    (void)handle;
    (void)s;
    return NULL;
}
static GEOSGeometry *failed_GEOSGeom_createCollection_r(GEOSContextHandle_t handle, int type, GEOSGeometry **geoms,
                                                        unsigned int ngeoms) {
    workoutengine_library_answered_without(&library);
    (void)handle;
    (void)type;
    (void)geoms;
    (void)ngeoms;
    return NULL;
}
static GEOSGeometry *failed_GEOSGeom_createPointFromXY_r(GEOSContextHandle_t handle, double x, double y) {
    workoutengine_library_answered_without(&library);
    (void)handle;
    (void)x;
    (void)y;
    return NULL;
}
static void failed_GEOSGeom_destroy_r(GEOSContextHandle_t handle, GEOSGeometry *g) {
    workoutengine_library_answered_without(&library);
    (void)handle;
    (void)g;
}
static const GEOSCoordSequence *failed_GEOSGeom_getCoordSeq_r(GEOSContextHandle_t handle, const GEOSGeometry *g) {
    workoutengine_library_answered_without(&library);
    (void)handle;
    (void)g;
    return NULL;
}
static int failed_GEOSGeomTypeId_r(GEOSContextHandle_t handle, const GEOSGeometry *g) {
    workoutengine_library_answered_without(&library);
    (void)handle;
    (void)g;
    return -1;
}
static int failed_GEOSGetNumGeometries_r(GEOSContextHandle_t handle, const GEOSGeometry *g) {
    workoutengine_library_answered_without(&library);
    (void)handle;
    (void)g;
    return -1;
}
static const GEOSGeometry *failed_GEOSGetGeometryN_r(GEOSContextHandle_t handle, const GEOSGeometry *g, int n) {
    workoutengine_library_answered_without(&library);
    (void)handle;
    (void)g;
    (void)n;
    return NULL;
}
static char failed_GEOSisEmpty_r(GEOSContextHandle_t handle, const GEOSGeometry *g) {
    workoutengine_library_answered_without(&library);
    (void)handle;
    (void)g;
    return 2;
}
static int failed_GEOSLength_r(GEOSContextHandle_t handle, const GEOSGeometry *g, double *length) {
    workoutengine_library_answered_without(&library);
    (void)handle;
    (void)g;
    (void)length;
    return 0;
}
static GEOSGeometry *failed_GEOSDifference_r(GEOSContextHandle_t handle, const GEOSGeometry *g1,
                                             const GEOSGeometry *g2) {
    workoutengine_library_answered_without(&library);
    (void)handle;
    (void)g1;
    (void)g2;
    return NULL;
}
static GEOSGeometry *failed_GEOSBuffer_r(GEOSContextHandle_t handle, const GEOSGeometry *g, double width,
                                         int quadsegs) {
    workoutengine_library_answered_without(&library);
    (void)handle;
    (void)g;
    (void)width;
    (void)quadsegs;
    return NULL;
}
static GEOSCoordSequence *failed_GEOSCoordSeq_copyFromArrays_r(GEOSContextHandle_t handle, const double *x,
                                                               const double *y, const double *z, const double *m,
                                                               unsigned int size) {
    workoutengine_library_answered_without(&library);
    (void)handle;
    (void)x;
    (void)y;
    (void)z;
    (void)m;
    (void)size;
    return NULL;
}
static int failed_GEOSCoordSeq_copyToArrays_r(GEOSContextHandle_t handle, const GEOSCoordSequence *s, double *x,
                                              double *y, double *z, double *m) {
    workoutengine_library_answered_without(&library);
    (void)handle;
    (void)s;
    (void)x;
    (void)y;
    (void)z;
    (void)m;
    return 0;
}
static int failed_GEOSCoordSeq_getSize_r(GEOSContextHandle_t handle, const GEOSCoordSequence *s, unsigned int *size) {
    workoutengine_library_answered_without(&library);
    (void)handle;
    (void)s;
    (void)size;
    return 0;
}
static GEOSWKTReader *failed_GEOSWKTReader_create_r(GEOSContextHandle_t handle) {
    workoutengine_library_answered_without(&library);
    (void)handle;
    return NULL;
}
static GEOSGeometry *failed_GEOSWKTReader_read_r(GEOSContextHandle_t handle, GEOSWKTReader *reader, const char *wkt) {
    workoutengine_library_answered_without(&library);
    (void)handle;
    (void)reader;
    (void)wkt;
    return NULL;
}
static void failed_GEOSWKTReader_destroy_r(GEOSContextHandle_t handle, GEOSWKTReader *reader) {
    workoutengine_library_answered_without(&library);
    (void)handle;
    (void)reader;
}

static struct workoutengine_geos_functions functions = {
    failed_GEOS_init_r,
    failed_GEOS_finish_r,
    failed_GEOSContext_setErrorMessageHandler_r,
    failed_GEOSSimplify_r,
    failed_GEOSGeom_createLineString_r,
    failed_GEOSGeom_createCollection_r,
    failed_GEOSGeom_createPointFromXY_r,
    failed_GEOSGeom_destroy_r,
    failed_GEOSGeom_getCoordSeq_r,
    failed_GEOSGeomTypeId_r,
    failed_GEOSGetNumGeometries_r,
    failed_GEOSGetGeometryN_r,
    failed_GEOSisEmpty_r,
    failed_GEOSLength_r,
    failed_GEOSDifference_r,
    failed_GEOSBuffer_r,
    failed_GEOSCoordSeq_copyFromArrays_r,
    failed_GEOSCoordSeq_copyToArrays_r,
    failed_GEOSCoordSeq_getSize_r,
    failed_GEOSWKTReader_create_r,
    failed_GEOSWKTReader_read_r,
    failed_GEOSWKTReader_destroy_r,
};

// In the order of `struct workoutengine_geos_functions`.
static const char *const symbols[] = {
    "GEOS_init_r",
    "GEOS_finish_r",
    "GEOSContext_setErrorMessageHandler_r",
    "GEOSSimplify_r",
    "GEOSGeom_createLineString_r",
    "GEOSGeom_createCollection_r",
    "GEOSGeom_createPointFromXY_r",
    "GEOSGeom_destroy_r",
    "GEOSGeom_getCoordSeq_r",
    "GEOSGeomTypeId_r",
    "GEOSGetNumGeometries_r",
    "GEOSGetGeometryN_r",
    "GEOSisEmpty_r",
    "GEOSLength_r",
    "GEOSDifference_r",
    "GEOSBuffer_r",
    "GEOSCoordSeq_copyFromArrays_r",
    "GEOSCoordSeq_copyToArrays_r",
    "GEOSCoordSeq_getSize_r",
    "GEOSWKTReader_create_r",
    "GEOSWKTReader_read_r",
    "GEOSWKTReader_destroy_r",
};
_Static_assert(sizeof symbols / sizeof symbols[0] == sizeof functions / sizeof(void (*)(void)),
               "one symbol name per function");

// GEOS's C API keeps its soname (libgeos_c.so.1) across versions; on macOS, Homebrew's.
#ifdef __APPLE__
static const char *const names[] = {"libgeos_c.dylib", "/opt/homebrew/lib/libgeos_c.dylib",
                                    "/usr/local/lib/libgeos_c.dylib"};
#else
static const char *const names[] = {"libgeos_c.so.1", "libgeos_c.so"};
#endif

static struct workoutengine_library library =
    WORKOUTENGINE_LIBRARY("WORKOUTENGINE_GEOS_LIBRARY", names, symbols, &functions);

const struct workoutengine_geos_functions *workoutengine_geos(void) {
    workoutengine_library_open(&library);
    return &functions;
}

struct workoutengine_library *workoutengine_geos_library(void) {
    return &library;
}
