#!/bin/sh
# Usage: sh scripts/install-locked.sh DIR
# Installs exactly what DIR/package-lock.json names (`npm ci`), when DIR/node_modules is missing
# or older than the lockfile (re-install after a lockfile change); otherwise does nothing. The
# root uses it through with-node.sh, and `npm test` for studio/, which is installed on its own.
set -e
dir="${1:?usage: install-locked.sh DIR}"
if [ ! -f "$dir/node_modules/.package-lock.json" ] ||
  [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
  echo "Installing the locked dependencies in $dir (npm ci)…" >&2
  (cd "$dir" && npm ci --no-audit --no-fund) >&2
fi
