#!/usr/bin/env bash
# The release build the benchmarks share (the nested package Benchmarks/Store, git-ignored .build): builds each
# product named and prints the folder of the binaries.
#
#   bin="$(Benchmarks/scripts/store-release-build.sh route-replay store-probe)"
#
# The applications' sources are touched first (scripts/recompile-nested.sh), so every build recompiles them
# against the library's current layouts (a minute or two).
set -euo pipefail
benchmarks="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$benchmarks/.." && pwd)"
"$root/scripts/recompile-nested.sh" "$root/Apps/Sources" "$benchmarks/Store/Sources"
# SwiftPM kept the build plan of an earlier checkout here (files added to the library since were missing from
# it: "cannot find type ... in scope"); without it, the plan is made again from the packages as they are.
rm -f "$benchmarks/Store/.build/release.yaml"
# libxml2 is opened at run time (CLibXML2Runtime), like PROJ and GEOS: nothing calls it through the link, but
# SwiftPM links every library pkg-config names for a system library (CLibXML2, for libxml2's headers), and
# a linked libxml2 loads ICU, zlib and liblzma with the process (1.5 ms of an empty program's start). For
# this build, pkg-config reads a libxml-2.0.pc of libxml2's own compiler flags and no libraries.
pkgconfig="$benchmarks/Store/.build/pkgconfig"
mkdir -p "$pkgconfig"
printf 'Name: libxml-2.0\nDescription: libxml2 headers only (opened at run time by CLibXML2Runtime)\nVersion: %s\nCflags: %s\nLibs:\n' \
  "$(pkg-config --modversion libxml-2.0)" "$(pkg-config --cflags libxml-2.0)" > "$pkgconfig/libxml-2.0.pc"
export PKG_CONFIG_PATH="$pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
# The Swift runtime and Foundation linked statically (issue 21; README, "Performance": start-up); SQLite stays
# shared, and PROJ, GEOS and libxml2 are opened at run time (CPROJ, CGEOS, CLibXML2Runtime). Linked by the toolchain's lld, which packs the binary's
# 124 000 relative relocations into a bitmap (`-z pack-relative-relocs`, read by glibc 2.36 and later; a 3 MB
# table the loader read at every start, now 24 KB), and without exporting the executable's 42 000 symbols to
# the dynamic linker (nothing loads a plugin that would look them up): 0.90x the start-up of the default link.
flags=(--static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker --no-export-dynamic -Xlinker -z -Xlinker pack-relative-relocs)
for product in "$@"; do
  swift build -c release "${flags[@]}" --package-path "$benchmarks/Store" --product "$product" >&2
done
swift build -c release "${flags[@]}" --package-path "$benchmarks/Store" --show-bin-path
