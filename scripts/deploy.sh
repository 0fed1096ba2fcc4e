#!/bin/sh
# `npm run deploy [-- wrangler options]`: builds the site, then deploys the build with wrangler
# (which follows the build's redirect to dist/<worker>/wrangler.json). Run through
# scripts/with-node.sh, so it works on a machine whose own Node.js is too old for wrangler.
set -e
node_modules/.bin/vite build
exec node_modules/.bin/wrangler deploy "$@"
