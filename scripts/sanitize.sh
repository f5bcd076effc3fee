#!/usr/bin/env bash
# Builds and runs the test suite under AddressSanitizer, then ThreadSanitizer, each in its own scratch
# path (.build-asan, .build-tsan), and prints one result line per sanitizer. The thread run includes
# ConcurrentSessionsTests (several WorkoutSession actors and builders working at once).
#
#   scripts/sanitize.sh                   # both, whole suite
#   scripts/sanitize.sh thread            # one sanitizer
#   SANITIZE_FILTER=ConcurrentSessions scripts/sanitize.sh thread   # a subset (swift test --filter)
set -uo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
sanitizers=("$@")
[[ ${#sanitizers[@]} -gt 0 ]] || sanitizers=(address thread)
mkdir -p .build-sanitize-logs
# The Swift backtracer and the sanitizers both want the crash signals; let the sanitizer report.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:halt_on_error=1}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=0:second_deadlock_stack=1}"

failed=0
summary=()
for sanitizer in "${sanitizers[@]}"; do
    case "$sanitizer" in
        address) scratch=.build-asan ;;
        thread) scratch=.build-tsan ;;
        *) echo "unknown sanitizer $sanitizer (address or thread)" >&2; exit 64 ;;
    esac
    log=".build-sanitize-logs/$sanitizer.log"
    echo "== $sanitizer: building ($scratch, log $log)" >&2
    start=$SECONDS
    if ! swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" >"$log" 2>&1; then
        tail -30 "$log" >&2
        summary+=("$sanitizer: BUILD FAILED")
        failed=1
        continue
    fi
    echo "== $sanitizer: testing" >&2
    filter=()
    [[ -z "${SANITIZE_FILTER:-}" ]] || filter=(--filter "$SANITIZE_FILTER")
    swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" "${filter[@]}" >>"$log" 2>&1
    status=$?
    reports=$(grep -c -E "^(==[0-9]+==ERROR: AddressSanitizer|WARNING: ThreadSanitizer)" "$log")
    results=$(grep -E "Test run with .* (passed|failed)|Executed [0-9]+ tests" "$log" | tail -2 | tr '\n' ' ')
    summary+=("$sanitizer: exit $status, sanitizer reports $reports, $((SECONDS - start)) s; $results")
    if ((status != 0 || reports != 0)); then
        failed=1
        grep -E -A12 "^(==[0-9]+==ERROR: AddressSanitizer|WARNING: ThreadSanitizer)" "$log" | head -60 >&2
    fi
done
printf '%s\n' "${summary[@]}"
exit "$failed"
