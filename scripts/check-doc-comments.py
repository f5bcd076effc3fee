#!/usr/bin/env python3
"""Fails when a public declaration of the library has no doc comment.

Reads the symbol graphs that `swift package dump-symbol-graph --minimum-access-level public` writes (one per
module, plus one per extended module: `Module@Other.symbols.json`) and lists every public symbol of the
library's modules that has no `///` comment of its own. Symbols that only satisfy a protocol requirement
and inherit the requirement's documentation (Codable's `init(from:)`, `description`, ...) are skipped, and
so are enum cases' synthesized members and compiler-synthesized symbols.

Usage: scripts/check-doc-comments.py SYMBOLGRAPH_DIR [--list]
"""
import json
import pathlib
import sys

LIBRARY_MODULES = {
    "WorkoutSamples", "SessionSupport", "Geodesy", "RouteGeometry", "TrackFormats", "WorkoutCore",
    "WorkoutLive", "WorkoutPersistence", "WorkoutExports", "WorkoutEngine", "StrengthTraining",
}
# Members whose meaning is the protocol's: documented once, by the protocol.
INHERITED = {
    "init(from:)", "encode(to:)", "description", "debugDescription", "hash(into:)", "==(_:_:)", "<(_:_:)",
    "makeIterator()", "makeAsyncIterator()", "next()", "rawValue", "init(rawValue:)", "allCases", "id",
    "hashValue", "init(argument:)", "defaultValueDescription", "allValueStrings", "errorDescription",
}


def undocumented(directory: pathlib.Path):
    for path in sorted(directory.glob("*.symbols.json")):
        module = path.name.split(".")[0].split("@")[0]
        if module not in LIBRARY_MODULES:
            continue
        graph = json.loads(path.read_text())
        for symbol in graph.get("symbols", []):
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            names = symbol.get("pathComponents", [])
            title = symbol.get("names", {}).get("title", "")
            kind = symbol.get("kind", {}).get("identifier", "")
            if title in INHERITED or title.startswith("_"):
                continue
            if any(component.startswith("_") for component in names):
                continue
            if symbol.get("docComment", {}).get("lines"):
                continue
            # Default implementations and synthesized members come from elsewhere.
            if "swiftExtension" in symbol and symbol["swiftExtension"].get("extendedModule") not in LIBRARY_MODULES:
                if kind in ("swift.method", "swift.property", "swift.func.op", "swift.init"):
                    continue
            location = symbol.get("location", {}).get("uri", "")
            if not location or "/Sources/" not in location:
                continue
            line = symbol.get("location", {}).get("position", {}).get("line", 0) + 1
            yield f"{location.split('/Sources/', 1)[1]}:{line}: {kind.removeprefix('swift.')} {'.'.join(names)}"


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__)
        return 64
    missing = sorted(set(undocumented(pathlib.Path(sys.argv[1]))))
    if missing:
        print(f"{len(missing)} public declarations have no doc comment:")
        for entry in missing:
            print("  Sources/" + entry)
        return 1
    print("every public declaration has a doc comment")
    return 0


if __name__ == "__main__":
    sys.exit(main())
