#ifndef WORKOUTENGINE_CGEOS_SHIM_H
#define WORKOUTENGINE_CGEOS_SHIM_H
// Only the reentrant (_r) GEOS C API may be called: every call takes a context handle.
#define GEOS_USE_ONLY_R_API 1
#include <geos_c.h>
#endif
