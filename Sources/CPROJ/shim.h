#ifndef WORKOUTENGINE_CPROJ_SHIM_H
#define WORKOUTENGINE_CPROJ_SHIM_H
// PROJ's geodesic API (geod_init, geod_inverse, geod_direct) and its CRS transform API.
#include <geodesic.h>
#include <proj.h>
#endif
