#!/usr/bin/env bash
# `make run` timings (engine/README.md, Benchmarks): from a clean clone of this
# repository to serving (npm ci, the Vite build, go build, a new embedded
# PostgreSQL, migrations, demo data), then a second `make run` on the same
# clone with its data kept, each to the first healthy /healthz. Prints
# `bench make_run_clean_s` and `bench make_run_second_start_s` lines, and
# the engine's own part of the second start (its `serving started_in` log
# line) as `bench make_run_second_engine_s` and the CPU time it used as
# `bench make_run_second_engine_cpu_s`. Go, Node and the PostgreSQL
# binaries are assumed installed (their caches as they are). NICE=19 runs
# make at that niceness on a shared machine.
set -euo pipefail
# The repository this script is in (it lives in engine/cmd/bench).
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
work=$(mktemp -d)
chmod 755 "$work"
pid=""
stop() {
  if [ -n "$pid" ]; then
    kill -INT "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    pid=""
  fi
}
trap 'stop; rm -rf "$work"' EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')

# timed runs make run in the clone until /healthz answers; prints seconds.
timed() {
  local log=$1 start end
  start=$(date +%s.%N)
  (cd "$work/clone" && exec setsid nice -n "${NICE:-0}" make run ADDR="127.0.0.1:$port" DATA="$work/var") >"$log" 2>&1 &
  pid=$!
  until curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; do
    if ! kill -0 "$pid" 2>/dev/null; then echo "make run died:" >&2; cat "$log" >&2; exit 1; fi
    sleep 0.05
  done
  end=$(date +%s.%N)
  # The engine's own CPU time to that point (make's child): on a shared
  # machine steadier than the wall time.
  local engine ticks
  engine=$(pgrep -P "$pid" -x rendezvous | head -1 || true)
  if [ -n "$engine" ]; then
    ticks=$(awk '{print $14 + $15}' "/proc/$engine/stat")
    echo "$ticks" >"$log.cpu_ticks"
  fi
  # make's child is the engine: stop the whole group.
  kill -INT -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  pid=""
  echo "$end - $start" | bc
}

git clone --quiet --no-hardlinks "$repo" "$work/clone"
clean=$(timed "$work/first.log")
printf 'bench make_run_clean_s %.1f s\n' "$clean"
second=$(timed "$work/second.log")
printf 'bench make_run_second_start_s %.2f s\n' "$second"
engine=$(sed -n 's/.*msg=serving started_in=\([0-9.]*\)\(m\?s\).*/\1 \2/p' "$work/second.log" | tail -1)
if [ -n "$engine" ]; then
  set -- $engine
  if [ "$2" = ms ]; then engine=$(echo "scale=3; $1 / 1000" | bc); else engine=$1; fi
  printf 'bench make_run_second_engine_s %.2f s\n' "$engine"
fi
if [ -f "$work/second.log.cpu_ticks" ]; then
  printf 'bench make_run_second_engine_cpu_s %.2f s\n' "$(echo "scale=3; $(cat "$work/second.log.cpu_ticks") / $(getconf CLK_TCK)" | bc)"
fi
