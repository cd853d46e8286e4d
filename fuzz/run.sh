#!/usr/bin/env bash
# Runs every fuzz target for a number of seconds each and prints, per
# target, the executions, executions per second and coverage (libFuzzer's
# final stats). The committed seeds (fuzz/corpus/<target>) and the saved
# crashes (fuzz/regressions/<target>) are read; what the fuzzer adds goes
# to fuzz/target/corpus/<target>, so the committed seeds stay as they are.
#
# Usage: fuzz/run.sh SECONDS [SANITIZER] [TARGET...]
# FUZZ_JOBS runs that many targets at a time (default 1).
# FUZZ_BUILD_FLAGS adds flags to cargo fuzz build and run, e.g. `--dev`
# (no optimisation: a quicker build, slower runs). FUZZ_FRESH=1 starts from
# the committed inputs alone, in fuzz/target/smoke-corpus, emptied first: a
# short run then spends its seconds fuzzing, not replaying what earlier runs
# found.
set -euo pipefail

seconds=${1:?seconds per target}
sanitizer=${2:-address}
shift $(( $# >= 2 ? 2 : 1 ))
cd "$(dirname "$0")/.."
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=($(ls fuzz/fuzz_targets | sed 's/\.rs$//'))
fi
logs=fuzz/target/logs
mkdir -p "$logs"
export RUSTC_BOOTSTRAP=1

# One build of every target, then the runs reuse it.
read -r -a build_flags <<<"${FUZZ_BUILD_FLAGS:-}"
cargo fuzz build --fuzz-dir fuzz -s "$sanitizer" "${build_flags[@]}"

# One target's run; its log is fuzz/target/logs/<target>.log.
run_target() {
    local target=$1 grown inputs log
    grown=fuzz/target/corpus/$target
    if [ "${FUZZ_FRESH:-0}" = 1 ]; then
        grown=fuzz/target/smoke-corpus/$target
        rm -rf "$grown"
    fi
    mkdir -p "$grown"
    inputs=("$grown" "fuzz/corpus/$target")
    [ -d "fuzz/regressions/$target" ] && inputs+=("fuzz/regressions/$target")
    log=$logs/$target.log
    if ! cargo fuzz run --fuzz-dir fuzz -s "$sanitizer" "${build_flags[@]}" "$target" "${inputs[@]}" -- \
        -max_total_time="$seconds" -print_final_stats=1 -timeout=30 >"$log" 2>&1; then
        echo "fuzz target $target failed; its log: $log" >&2
        tail -n 40 "$log" >&2
        return 1
    fi
}

# FUZZ_JOBS targets at a time (1 unless set): each run is one process on
# one core, so the figures of one target do not depend on the others as
# long as there are cores for them all.
jobs=${FUZZ_JOBS:-1}
status=0
running=0
for target in "${targets[@]}"; do
    if [ "$running" -ge "$jobs" ]; then
        wait -n || status=1
        running=$((running - 1))
    fi
    run_target "$target" &
    running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
    wait -n || status=1
    running=$((running - 1))
done

rows=()
for target in "${targets[@]}"; do
    log=$logs/$target.log
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1 || true)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1 || true)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2 || true)
    ft=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2 || true)
    rows+=("$(printf '%-14s %12s %10s %7s %7s' "$target" "${execs:--}" "${rate:--}" "${cov:--}" "${ft:--}")")
done

printf '%-14s %12s %10s %7s %7s\n' target executions exec/s cov ft
printf '%s\n' "${rows[@]}"
exit $status
