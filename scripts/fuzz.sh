#!/usr/bin/env bash
# Runs each libFuzzer target (Fuzz/Sources/fuzz-*.swift) for a given time and prints a table of
# executions and crashes. Crash inputs are saved to Fuzz/artifacts/<target>/; the growing corpora live
# in Fuzz/corpus/<target>/ (both git-ignored). A target that crashes is restarted with the time left
# (at most 5 times), so one crash does not end its run.
#
#   scripts/fuzz.sh                      # every target, 180 s each
#   scripts/fuzz.sh 300 fuzz-gpx         # one target, 300 s
#   FUZZ_JOBS=2 scripts/fuzz.sh 240      # two targets at a time (one per core)
#
# Environment: FUZZ_JOBS (parallel targets, default 1), FUZZ_MAX_LEN (default 65536),
# FUZZ_SKIP_BUILD=1 to reuse Fuzz/.build/bin.
set -euo pipefail
# Let a Swift trap reach libFuzzer's handler (the Swift backtracer and ASan fight over it otherwise).
export SWIFT_BACKTRACE=enable=no

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
seconds="${1:-180}"
shift || true
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
    mapfile -t targets < <(find Fuzz/Sources -maxdepth 1 -name 'fuzz-*.swift' -exec basename {} .swift \; | sort)
fi
[[ "${FUZZ_SKIP_BUILD:-0}" == 1 ]] || Fuzz/build.sh "${targets[@]}"

shared_tracks="$root/../shared/tracks"
[[ -d "$shared_tracks" ]] || shared_tracks=""

# Seeds per target: the committed seed set, the regression inputs, and for GPX the real tracks.
seed_corpus() {
    local target="$1" corpus="Fuzz/corpus/$1"
    mkdir -p "$corpus"
    local kinds
    case "$target" in
        fuzz-gpx | fuzz-gpx-fast) kinds="gpx" ;;
        fuzz-tcx) kinds="tcx" ;;
        fuzz-json) kinds="json ndjson" ;;
        fuzz-ndjson) kinds="ndjson json" ;;
        fuzz-journal) kinds="journal" ;;
        fuzz-fit) kinds="fit" ;;
        *) kinds="gpx tcx json ndjson" ;;
    esac
    for kind in $kinds; do
        cp -n Fuzz/seeds/"$kind"/* "$corpus"/ 2>/dev/null || true
        cp -n Fuzz/regressions/"$kind"/* "$corpus"/ 2>/dev/null || true
        if [[ "$kind" == fit ]]; then
            # Whole files beyond -max_len are read truncated: damage cases, as useful as the heads.
            cp -n SampleTracks/*.fit "$corpus"/ 2>/dev/null || true
            [[ -z "$shared_tracks" ]] || cp -n "$shared_tracks"/*.fit "$corpus"/ 2>/dev/null || true
        fi
        if [[ "$kind" == gpx ]]; then
            cp -n SampleTracks/*.gpx "$corpus"/ 2>/dev/null || true
            [[ -z "$shared_tracks" ]] || cp -n "$shared_tracks"/*.gpx "$corpus"/ 2>/dev/null || true
        elif [[ "$kind" == tcx ]]; then
            # The real TCX files up to 1 MiB (the 5 and 8 MB rides add little but time per input).
            find SampleTracks -maxdepth 1 -name '*.tcx' -size -1024k -exec cp -n {} "$corpus"/ \; 2>/dev/null || true
            [[ -z "$shared_tracks" ]] || find "$shared_tracks"/ -maxdepth 1 -name '*.tcx' -size -1024k -exec cp -n {} "$corpus"/ \; 2>/dev/null || true
        fi
    done
}

dictionary() {
    case "$1" in
        fuzz-gpx | fuzz-gpx-fast) echo "-dict=Fuzz/dicts/gpx.dict" ;;
        fuzz-tcx) echo "-dict=Fuzz/dicts/tcx.dict" ;;
        fuzz-json | fuzz-ndjson) echo "-dict=Fuzz/dicts/json.dict" ;;
        *) echo "" ;;
    esac
}

run_target() {
    local target="$1" log="Fuzz/logs/$1.log"
    local artifacts="Fuzz/artifacts/$target/"
    mkdir -p "$artifacts" Fuzz/logs
    seed_corpus "$target"
    : >"$log"
    : >"$log.start"
    # Crash files from earlier runs stay in $artifacts; this run counts only the ones newer than its log.
    local started=$SECONDS executions=0 restarts=0 left
    while true; do
        left=$((seconds - (SECONDS - started)))
        ((left > 5)) || break
        local status=0
        # shellcheck disable=SC2046
        "Fuzz/.build/bin/$target" "Fuzz/corpus/$target" $(dictionary "$target") \
            -max_total_time="$left" -max_len="${FUZZ_MAX_LEN:-65536}" -timeout=10 -rss_limit_mb=2048 \
            -artifact_prefix="$artifacts" -print_final_stats=1 -print_pcs=0 >>"$log" 2>&1 || status=$?
        local run
        run=$(grep 'stat::number_of_executed_units' "$log" | awk '{s += $2} END {print s + 0}')
        executions=$run
        ((status == 0)) && break
        restarts=$((restarts + 1))
        ((restarts <= 5)) || break
    done
    local crashes
    crashes=$(find "$artifacts" -type f -newer "$log.start" \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | wc -l)
    local corpus_size
    corpus_size=$(find "Fuzz/corpus/$target" -type f | wc -l)
    printf '%-14s %6ss %12s %8s %8s\n' "$target" "$((SECONDS - started))" "$executions" "$crashes" "$corpus_size" >"Fuzz/logs/$target.row"
}

jobs_max="${FUZZ_JOBS:-1}"
for target in "${targets[@]}"; do
    while (($(jobs -rp | wc -l) >= jobs_max)); do wait -n || true; done
    echo "fuzzing $target for ${seconds}s (log: Fuzz/logs/$target.log)" >&2
    run_target "$target" &
done
wait

printf '%-14s %7s %12s %8s %8s\n' target time executions crashes corpus
for target in "${targets[@]}"; do cat "Fuzz/logs/$target.row"; done
found=$(for target in "${targets[@]}"; do
    find "Fuzz/artifacts/$target" -type f -newer "Fuzz/logs/$target.log.start" \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) 2>/dev/null
done)
if [[ -n "$found" ]]; then
    echo "crash inputs of this run (reproduce with Fuzz/.build/bin/<target> <file>):"
    echo "$found"
fi
