#!/usr/bin/env bash
# Runs every test. Installs the system libraries and the reference tools (geod) first when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-system-deps.sh
swift build --build-tests
swift test --skip-build "$@"
