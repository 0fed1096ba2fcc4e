#!/bin/sh
# Runs a command with Node.js >= 22.12 (see node-runtime.sh) and the locked dependencies
# installed, so `npm start` and `npm test` work on a fresh clone, even on a machine whose own
# Node is older.
set -e
cd "$(dirname "$0")/.."
. scripts/node-runtime.sh
# Install (or re-install after a lockfile change) exactly what package-lock.json names.
sh scripts/install-locked.sh .
# workerd would otherwise try to download the Request.cf object on every start.
CLOUDFLARE_CF_FETCH_ENABLED="${CLOUDFLARE_CF_FETCH_ENABLED:-false}"
WRANGLER_SEND_METRICS="${WRANGLER_SEND_METRICS:-false}"
export CLOUDFLARE_CF_FETCH_ENABLED WRANGLER_SEND_METRICS
exec "$@"
