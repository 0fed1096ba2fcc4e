#!/bin/sh
# Runs a command with Node.js >= 22.12 (see node-runtime.sh), so `npm start` and `npm test`
# work on a machine whose own Node is older.
set -e
. "$(dirname "$0")/node-runtime.sh"
# workerd would otherwise try to download the Request.cf object on every start.
CLOUDFLARE_CF_FETCH_ENABLED="${CLOUDFLARE_CF_FETCH_ENABLED:-false}"
WRANGLER_SEND_METRICS="${WRANGLER_SEND_METRICS:-false}"
export CLOUDFLARE_CF_FETCH_ENABLED WRANGLER_SEND_METRICS
exec "$@"
