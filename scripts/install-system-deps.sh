#!/usr/bin/env bash
# Installs the Debian packages WorkoutEngine builds and tests against, when they are missing:
#   libproj-dev, libgeos-dev, libxml2-dev  the C libraries: their headers, and libproj25 and libgeos-c1v5,
#                                          which the engine opens at run time (libxml2 it links)
#   pkg-config                             how SwiftPM finds libxml2 (libxml-2.0)
#   proj-bin, geographiclib-tools          `geod` and `GeodSolve`, the independent references the tests use
#   gpsbabel                               an independent writer of FIT and TCX: the tests read the real GPX
#                                          files again as the files it converts them to
#   librsvg2-bin                           `rsvg-convert`, which renders `route-replay export --to png`
#   python3-polyline                       Debian's build of PyPI's `polyline`, the independent decoder the
#                                          export tests run with /usr/bin/python3
#                                          (python3 also runs scripts/check-doc-comments.py, the doc-comment check)
#   python3-jsonschema                     Python's `jsonschema`, which validates encoded samples and
#                                          summaries against Schemas/*.schema.json (CodableTests)
#   libsqlite3-dev                         SQLite, which GRDB (the store's embedded database) links against
#   postgresql-15, postgresql-15-postgis-3 the throwaway server scripts/with-postgres.sh starts for the
#                                          store's tests (psql comes with it)
#   python3-venv                           the virtual environment scripts/openapi-python.sh makes for the
#                                          server's OpenAPI check (openapi-spec-validator from PyPI)
# (scripts/test-web.sh installs chromium itself, for the browser test only.)
# Safe to run again: it does nothing when everything is present.
set -euo pipefail

packages=(libproj-dev libgeos-dev libxml2-dev pkg-config proj-bin geographiclib-tools gpsbabel librsvg2-bin python3-polyline python3-jsonschema libsqlite3-dev postgresql-15 postgresql-15-postgis-3 python3-venv)
missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
if ((${#missing[@]} == 0)); then
  exit 0
fi

echo "install-system-deps: installing ${missing[*]}" >&2
sudo=""
if [[ $(id -u) -ne 0 ]]; then
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
