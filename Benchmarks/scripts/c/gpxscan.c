/*
 * gpxscan: a hand-written C scanner for the benchmark GPX files plus PROJ's geod_inverse, the "C floor"
 * of issue 6. It reads the file in 1 MiB chunks, finds each `<trkpt`, parses its lat and lon attributes
 * with strtod and sums geod_inverse over consecutive points. It is no XML parser: it assumes attributes
 * written as lat="…" lon="…" on the trkpt tag (true of the generated files), and ignores everything else
 * (ele, time and the extensions are not read).
 *
 *   gpxscan FILE.gpx
 *
 * Prints: distance=<m, %.17g> points=<n>
 */
#define _GNU_SOURCE
#include <geodesic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CHUNK = 1 << 20, CARRY = 4096 };

/* Parses the number after `name="` inside [tag, end); returns 0 when absent. */
static int attribute(const char *tag, const char *end, const char *name, double *out) {
    size_t len = strlen(name);
    for (const char *p = tag; p + len + 2 < end; p++) {
        if ((p[-1] == ' ' || p[-1] == '\t' || p[-1] == '\n') && memcmp(p, name, len) == 0 && p[len] == '=' && p[len + 1] == '"') {
            char *stop;
            *out = strtod(p + len + 2, &stop);
            return stop != p + len + 2;
        }
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: gpxscan FILE.gpx\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 1; }
    struct geod_geodesic g;
    geod_init(&g, 6378137.0, 1 / 298.257223563);

    char *buf = malloc(CARRY + CHUNK + 1);
    size_t kept = 0, count = 0;
    double total = 0, lat0 = 0, lon0 = 0;
    for (;;) {
        size_t got = fread(buf + kept, 1, CHUNK, f);
        size_t len = kept + got;
        buf[len] = '\0';
        const char *p = buf, *end = buf + len, *resume = end;
        for (;;) {
            const char *tag = memmem(p, (size_t)(end - p), "<trkpt", 6);
            if (!tag) { resume = end - (end - p < 6 ? end - p : 5); break; }
            const char *close = memchr(tag, '>', (size_t)(end - tag));
            if (!close) { resume = tag; break; }
            double lat, lon;
            if (attribute(tag + 6, close, "lat", &lat) && attribute(tag + 6, close, "lon", &lon)) {
                if (count > 0) {
                    double s12;
                    geod_inverse(&g, lat0, lon0, lat, lon, &s12, NULL, NULL);
                    total += s12;
                }
                lat0 = lat;
                lon0 = lon;
                count++;
            }
            p = close + 1;
        }
        if (got == 0) break;
        kept = (size_t)(end - resume);
        if (kept > CARRY) { fprintf(stderr, "%s: tag longer than %d bytes\n", argv[1], CARRY); return 1; }
        memmove(buf, resume, kept);
    }
    fclose(f);
    free(buf);
    printf("distance=%.17g points=%zu\n", total, count);
    return 0;
}
