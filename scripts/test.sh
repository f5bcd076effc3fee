#!/usr/bin/env bash
# Runs every test: the library's (the root package) and its doc-comment check (every public declaration
# documented), then the applications' (Apps/: the route-replay CLI, the store and workout-server).
# Installs the system libraries and the reference tools (geod) first when missing. The applications'
# tests run inside scripts/with-postgres.sh, which starts a throwaway PostgreSQL + PostGIS cluster for the
# store's tests and removes it afterwards. Last, scripts/test-web.sh drives the server's web pages in
# headless Chromium (installed when missing). The applications' test targets run one after another
# (scripts/test-apps.sh). Extra arguments go to both `swift test` runs (for example
# `--filter Golden`), and then the browser test is left out.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-system-deps.sh
swift build --build-tests
swift test --skip-build "$@"
scripts/check-doc-comments.sh
# Recompile the applications against the library's current layouts (see the script; about a minute).
scripts/recompile-nested.sh Apps/Sources Apps/Tests
swift build --package-path Apps --build-tests
# The server's OpenAPI check needs openapi-spec-validator (PyPI) in Apps/.build/openapi-venv: made once.
scripts/openapi-python.sh >/dev/null
scripts/with-postgres.sh scripts/test-apps.sh "$@"
if (($# == 0)); then
  scripts/test-web.sh
fi
