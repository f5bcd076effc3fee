#!/usr/bin/env bash
# Builds the libFuzzer targets: every library module the readers and recovery need is compiled with
# `swiftc -sanitize=fuzzer,address` (coverage + ASan) as a static library, then each entry point in
# Fuzz/Sources/<target>.swift is linked against them. Output: Fuzz/.build/bin/<target>.
#
#   Fuzz/build.sh            # all targets
#   Fuzz/build.sh fuzz-gpx   # one target (the libraries are rebuilt only when their sources changed)
#
# Environment: FUZZ_OPT (default -O), FUZZ_SANITIZE (default fuzzer,address).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
out="Fuzz/.build"
mkdir -p "$out/modules" "$out/lib" "$out/bin"
opt="${FUZZ_OPT:--O}"
sanitize="${FUZZ_SANITIZE:-fuzzer,address}"

# swift-log is the one package dependency on the path (WorkoutEngine's recovery logs through it).
logging_dir=""
for candidate in .build-robust .build Fuzz/.build/spm; do
    if [[ -d "$candidate/checkouts/swift-log/Sources/Logging" ]]; then logging_dir="$candidate/checkouts/swift-log/Sources/Logging"; break; fi
done
if [[ -z "$logging_dir" ]]; then
    swift package resolve --scratch-path Fuzz/.build/spm >/dev/null
    logging_dir="Fuzz/.build/spm/checkouts/swift-log/Sources/Logging"
fi

# The C targets that open PROJ, GEOS and libxml2 at run time (CLibraryLoader, CPROJ, CGEOS, CLibXML2Runtime): one
# static library, and a module map for each, as SwiftPM makes for a C target with an include/ directory.
c_targets=(CLibraryLoader CPROJ CGEOS CLibXML2Runtime)
read -r -a c_includes < <(pkg-config --cflags libxml-2.0)  # libxml2's headers, for CLibXML2Runtime
for name in "${c_targets[@]}"; do
    mkdir -p "$out/cmodules/$name"
    printf 'module %s {\n    umbrella header "%s"\n    export *\n}\n' "$name" "$root/Sources/$name/include/$name.h" \
        >"$out/cmodules/$name/module.modulemap"
    c_includes+=(-I "Sources/$name/include")
done
c_library="$out/lib/libWorkoutEngineC.a"
mapfile -t c_sources < <(for name in "${c_targets[@]}"; do find "Sources/$name" -name '*.c'; done | sort)
if [[ ! -f "$c_library" ]] || [[ -n "$(find "${c_targets[@]/#/Sources/}" -newer "$c_library" -type f | head -1)" ]]; then
    echo "fuzz build: C targets (${#c_sources[@]} files)" >&2
    rm -f "$c_library" "$out/lib"/*.o
    for source in "${c_sources[@]}"; do
        clang -c -g "$opt" -fsanitize="${sanitize/fuzzer/fuzzer-no-link}" "${c_includes[@]}" \
            -o "$out/lib/$(basename "$source" .c).o" "$source"
    done
    ar rcs "$c_library" "$out"/lib/*.o
fi

common=(-swift-version 6 -parse-as-library -sanitize="$sanitize" "$opt" -g
        -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
        -I "$out/modules" -I Sources/CLibXML2 -I "$out/cmodules/CLibraryLoader" -I "$out/cmodules/CPROJ"
        -I "$out/cmodules/CGEOS" -I "$out/cmodules/CLibXML2Runtime" -Xcc -I -Xcc Sources/CLibraryLoader/include
        -Xcc -I/usr/include/libxml2)

# name | source directory | extra flags
modules=(
    "Logging|$logging_dir|-swift-version 5 -package-name swift_log -enable-upcoming-feature InternalImportsByDefault"
    "WorkoutSamples|Sources/WorkoutSamples|-package-name workoutengine"
    "SessionSupport|Sources/SessionSupport|-package-name workoutengine"
    "Geodesy|Sources/Geodesy|-package-name workoutengine"
    "RouteGeometry|Sources/RouteGeometry|-package-name workoutengine"
    "TrackFormats|Sources/TrackFormats|-package-name workoutengine"
    "WorkoutCore|Sources/WorkoutCore|-package-name workoutengine"
    "WorkoutLive|Sources/WorkoutLive|-package-name workoutengine"
    "WorkoutPersistence|Sources/WorkoutPersistence|-package-name workoutengine"
    "WorkoutExports|Sources/WorkoutExports|-package-name workoutengine"
    "WorkoutEngine|Sources/WorkoutEngine|-package-name workoutengine"
)

for entry in "${modules[@]}"; do
    IFS='|' read -r name dir extra <<<"$entry"
    mapfile -t sources < <(find "$dir" -name '*.swift' | sort)
    library="$out/lib/lib$name.a"
    stamp="$out/lib/$name.sources"
    # Rebuild when a source is newer than the library or the source list changed.
    if [[ -f "$library" ]] && [[ "$(printf '%s\n' "${sources[@]}")" == "$(cat "$stamp" 2>/dev/null)" ]] \
        && [[ -z "$(find "$dir" -name '*.swift' -newer "$library" | head -1)" ]]; then
        continue
    fi
    echo "fuzz build: $name (${#sources[@]} files)" >&2
    # shellcheck disable=SC2086
    swiftc "${common[@]}" $extra -module-name "$name" -emit-module -emit-module-path "$out/modules/$name.swiftmodule" \
        -emit-library -static -o "$library" "${sources[@]}"
    printf '%s\n' "${sources[@]}" >"$stamp"
done

targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
    mapfile -t targets < <(find Fuzz/Sources -maxdepth 1 -name 'fuzz-*.swift' -exec basename {} .swift \; | sort)
fi
libs=(-L "$out/lib" -lWorkoutEngine -lWorkoutExports -lWorkoutPersistence -lWorkoutLive -lWorkoutCore -lTrackFormats -lRouteGeometry -lGeodesy -lSessionSupport -lWorkoutSamples -lLogging -lWorkoutEngineC)
for target in "${targets[@]}"; do
    echo "fuzz build: $target" >&2
    swiftc "${common[@]}" -package-name workoutengine -module-name "$(echo "$target" | tr -d '-')" -o "$out/bin/$target" \
        "Fuzz/Sources/$target.swift" Fuzz/Sources/Support/*.swift "${libs[@]}"
done
