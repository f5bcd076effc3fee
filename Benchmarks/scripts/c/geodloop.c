/*
 * geodloop: the floor for exact distance. Sums PROJ's geod_inverse (WGS84) over consecutive points of
 * a coordinates file written by tracks.py (little-endian float64 triplets: latitude, longitude,
 * elevation), in input order, as one segment.
 *
 *   geodloop FILE [REPETITIONS]
 *
 * Prints: distance=<m, %.17g> points=<n> loop_ns_per_point=<median over repetitions, loop only>
 */
#include <geodesic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: geodloop FILE [REPETITIONS]\n");
        return 2;
    }
    int repetitions = argc > 2 ? atoi(argv[2]) : 1;
    if (repetitions < 1) repetitions = 1;
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 1; }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    if (size <= 0 || size % 24 != 0) { fprintf(stderr, "%s: bad size %ld\n", argv[1], size); return 1; }
    size_t n = (size_t)size / 24;
    double *v = malloc((size_t)size);
    if (!v || fread(v, 1, (size_t)size, f) != (size_t)size) { fprintf(stderr, "%s: read failed\n", argv[1]); return 1; }
    fclose(f);

    struct geod_geodesic g;
    geod_init(&g, 6378137.0, 1 / 298.257223563);
    double *times = malloc(sizeof(double) * (size_t)repetitions);
    double total = 0;
    for (int r = 0; r < repetitions; r++) {
        double start = now_seconds();
        total = 0;
        for (size_t i = 1; i < n; i++) {
            double s12;
            geod_inverse(&g, v[3 * (i - 1)], v[3 * (i - 1) + 1], v[3 * i], v[3 * i + 1], &s12, NULL, NULL);
            total += s12;
        }
        times[r] = now_seconds() - start;
    }
    qsort(times, (size_t)repetitions, sizeof(double), compare_doubles);
    printf("distance=%.17g points=%zu loop_ns_per_point=%.1f\n", total, n, times[repetitions / 2] * 1e9 / (double)n);
    free(times);
    free(v);
    return 0;
}
