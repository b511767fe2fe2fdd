#!/usr/bin/env bash
# Browser tests: start the built engine with the demo tenants on a free port
# and a throwaway data directory, run the Playwright specs against it, stop it.
# The specs read mail from the development mailbox (--dev-mailbox; --demo
# implies it too).
set -euo pipefail
cd "$(dirname "$0")/../.."
data=$(mktemp -d /tmp/rdv-e2e-XXXXXX)
chmod 755 "$data"
log="$data/engine.log"
# Port 0: the engine picks a free port and prints its URLs.
# The browser tests sign up many members from 127.0.0.1: raise the abuse limits.
RATE_LIMITS="signup=100000/1h,complaint=100000/1h,reset_mail=100000/1h,activation_mail=100000/1h,message=100000/1m,like=100000/1m,typing=100000/1m,note=100000/1m,visit=100000/1h,sms_client=100000/1h,sms_number=100000/1h,new_password=100000/1h,account_change=100000/1h" \
  ./bin/rendezvous serve --addr "127.0.0.1:0" --data "$data" --demo --dev-mailbox --dev-country-override >"$log" 2>&1 &
pid=$!
cleanup() {
  kill -INT "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT
echo "==> waiting for the engine"
port=""
for _ in $(seq 1 1200); do
  port=$(grep -oE 'http://localhost:[0-9]+/' "$log" | head -1 | grep -oE '[0-9]+' || true)
  if [ -n "$port" ] && curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then echo "engine died:"; cat "$log"; exit 1; fi
  sleep 0.1
done
curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null || { echo "engine never became healthy"; cat "$log"; exit 1; }
cd web
export BASE_URL="http://localhost:$port"
# Lighthouse's accessibility and SEO audits (a third of the specs' time)
# depend on no timing: they run beside the other specs, against the same
# engine, and their report follows theirs.
node --test e2e/lighthouse.test.mjs >"$data/lighthouse.log" 2>&1 &
lighthouse=$!
failed=0
node --test --test-concurrency=1 $(ls e2e/*.test.mjs | grep -v '/lighthouse.test.mjs$') || failed=1
wait "$lighthouse" || failed=1
echo "--- lighthouse"
cat "$data/lighthouse.log"
if [ "$failed" != 0 ]; then echo "--- engine log"; tail -50 "$log"; exit 1; fi
