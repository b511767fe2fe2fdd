#!/usr/bin/env bash
# `make bench`'s Lighthouse figures: start the built engine with the demo
# brands and data on a free port and a throwaway data directory, measure the
# phone profile (scripts/lighthouse.mjs prints the bench lines), stop it.
set -euo pipefail
cd "$(dirname "$0")/../.."
data=$(mktemp -d /tmp/rdv-lighthouse-XXXXXX)
chmod 755 "$data"
log="$data/engine.log"
./bin/rendezvous serve --addr "127.0.0.1:0" --data "$data" --demo --dev-mailbox >"$log" 2>&1 &
pid=$!
cleanup() {
  kill -INT "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT
port=""
for _ in $(seq 1 1200); do
  port=$(grep -oE 'http://localhost:[0-9]+/' "$log" | head -1 | grep -oE '[0-9]+' || true)
  if [ -n "$port" ] && curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then echo "engine died:" >&2; cat "$log" >&2; exit 1; fi
  sleep 0.1
done
cd web
BASE_URL="http://localhost:$port" node scripts/lighthouse.mjs
