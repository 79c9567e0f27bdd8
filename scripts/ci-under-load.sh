#!/usr/bin/env bash
# Runs .ci/run N times in a row (default 3) while two CPU-bound processes keep two cores busy, and reports each
# run's exit status and duration: the suite must pass on a loaded 2-core machine, every time.
#
#   scripts/ci-under-load.sh [N]          CI_COMMAND overrides what is run (default .ci/run)
#
# Each run's output goes to test-output/ci-under-load/run-K.log. The busy processes are killed when the script
# ends (however it ends), and each stops by itself after MAX_LOAD_SECONDS (default 4 hours) in any case.
set -uo pipefail
cd "$(dirname "$0")/.."

runs=${1:-3}
command=${CI_COMMAND:-.ci/run}
max_load=${MAX_LOAD_SECONDS:-14400}
logs=test-output/ci-under-load
mkdir -p "$logs"

burners=()
stop_burners() {
  for pid in "${burners[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${burners[@]}"; do wait "$pid" 2>/dev/null; done
  burners=()
}
trap stop_burners EXIT
trap 'exit 130' INT TERM
for _ in 1 2; do
  timeout "$max_load" sh -c 'while :; do :; done' &
  burners+=($!)
done
echo "two CPU-bound processes running: ${burners[*]}"

results=()
failed=0
for k in $(seq 1 "$runs"); do
  echo "== run $k of $runs: $command (log: $logs/run-$k.log)"
  start=$(date +%s)
  $command >"$logs/run-$k.log" 2>&1
  status=$?
  seconds=$(($(date +%s) - start))
  [ "$status" -eq 0 ] || failed=1
  verdict=$(grep -E '^CI (PASSED|FAILED)$' "$logs/run-$k.log" | tail -1)
  results+=("$(printf 'run %d: exit %d, %dm%02ds, %s' "$k" "$status" $((seconds / 60)) $((seconds % 60)) "${verdict:-no CI verdict printed}")")
  echo "${results[-1]}"
  grep -E '^  (typecheck|lint|format|tests)' "$logs/run-$k.log" | sed 's/^/  /'
done

echo
echo "== under load: $runs run(s) of $command"
printf '  %s\n' "${results[@]}"
exit "$failed"
