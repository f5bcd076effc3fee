#!/usr/bin/env python3
"""Fails when a public declaration of the library has no doc comment.

Reads the symbol graphs that `swift package dump-symbol-graph --minimum-access-level public` writes (one per
module, plus one per extended module: `Module@Other.symbols.json`) and lists every public symbol of the
library's modules, declared in `Sources/`, that has no `///` comment.

A declaration that satisfies a protocol requirement, or overrides a documented one, without a comment of its
own inherits the requirement's documentation: the symbol graph carries it (unless the dump was made with
`--skip-inherited-docs`, which this check must not be given), and DocC shows it, so it counts as documented.
Members the compiler adds to a type (`::SYNTHESIZED::` symbols: protocol extension members such as
`hashValue`) and symbols with no source location are not declarations of ours and are skipped, and so are
underscored names, which are not API. Everything else counts, including public members of extensions of
other modules' types (`extension Array { public func ... }`).

Usage: scripts/check-doc-comments.py SYMBOLGRAPH_DIR
Exit status: 0 when every declaration is documented, 1 when some are not (they are listed), 64 on misuse or\nwhen a library module has no symbol graph.
"""
import json
import pathlib
import sys

LIBRARY_MODULES = {
    "WorkoutSamples", "SessionSupport", "Geodesy", "RouteGeometry", "TrackFormats", "WorkoutCore",
    "WorkoutLive", "WorkoutPersistence", "WorkoutExports", "WorkoutEngine", "StrengthTraining",
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
            if "::SYNTHESIZED::" in symbol.get("identifier", {}).get("precise", ""):
                continue
            names = symbol.get("pathComponents", [])
            if any(component.startswith("_") for component in names):
                continue
            if symbol.get("docComment", {}).get("lines"):
                continue
            location = symbol.get("location", {}).get("uri", "")
            if "/Sources/" not in location:
                continue
            kind = symbol.get("kind", {}).get("identifier", "")
            line = symbol.get("location", {}).get("position", {}).get("line", 0) + 1
            yield f"{location.split('/Sources/', 1)[1]}:{line}: {kind.removeprefix('swift.')} {'.'.join(names)}"


def main() -> int:
    if len(sys.argv) != 2 or sys.argv[1].startswith("-"):
        print(__doc__)
        return 64
    directory = pathlib.Path(sys.argv[1])
    absent = sorted(m for m in LIBRARY_MODULES if not (directory / f"{m}.symbols.json").is_file())
    if absent:
        print(f"{directory}: no symbol graph for {', '.join(absent)} (run swift package dump-symbol-graph "
              "--minimum-access-level public first)", file=sys.stderr)
        return 64
    missing = sorted(set(undocumented(directory)))
    if missing:
        print(f"{len(missing)} public declarations have no doc comment:")
        for entry in missing:
            print("  Sources/" + entry)
        return 1
    print("every public declaration has a doc comment")
    return 0


if __name__ == "__main__":
    sys.exit(main())
