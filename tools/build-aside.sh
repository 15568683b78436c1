# Builds the static site beside the one being served, for tools/run.sh (sourced; uses its `log`).
# web/out is a link to a complete build in web/.builds/: a new build goes to web/.builds/<id>, its
# links are checked, it is flushed to disk, and only then is web/out renamed over to it in one step,
# so that a server of web/out (npm start) answers from the old site until the new one is complete,
# and keeps the old one when a build fails or is killed. The previous build is kept (a rollback is
# `ln -sfn .builds/<id> web/out`). One build or publish runs at a time (web/.publish.lock).

# The folder of builds and the link that serves one: web/.builds and web/out, unless set (the soak,
# scripts/src/soak/, publishes into a folder of its own). The builds folder must be inside web/.
SITE_BUILDS_DIR="${SITE_BUILDS_DIR:-web/.builds}"
SITE_OUT_LINK="${SITE_OUT_LINK:-web/out}"
case "$SITE_BUILDS_DIR" in web/?*) ;; *) echo "SITE_BUILDS_DIR must be a folder inside web/, got \"$SITE_BUILDS_DIR\"" >&2; exit 2 ;; esac
# The same folder as the web build's SITE_OUT_DIR takes it: relative to web/.
SITE_BUILDS_IN_WEB="${SITE_BUILDS_DIR#web/}"
# Held (flock) by the build or publish running now, and by its processes until the last of them ends.
SITE_PUBLISH_LOCK=web/.publish.lock

# One build or publish at a time: they share web/.next (the compiled app a publish renders with) and the
# builds folder, and a publish must start from the release the one before it served, with the content of
# its own start; a build waits for the one running, then reads the content as it is then (a publish made
# during a full build is built after it, not lost under it). The lock is the kernel's: a killed build
# frees it. Without flock (not Linux), builds are not kept apart: run one at a time.
hold_publish_lock() {
  [ -z "${SITE_PUBLISH_LOCK_HELD:-}" ] || return 0
  SITE_PUBLISH_LOCK_HELD=1
  if ! command -v flock >/dev/null 2>&1; then
    log "flock is not installed: nothing keeps two builds or publishes from running at once"
    return 0
  fi
  mkdir -p "$(dirname "$SITE_PUBLISH_LOCK")"
  exec 9>>"$SITE_PUBLISH_LOCK"
  if ! flock -n 9; then
    log "Waiting for the build or publish running now to end ($SITE_PUBLISH_LOCK)"
    flock 9
  fi
  # Nothing else builds now: what a killed one left beside the served link goes.
  remove_swap_leftovers
}

# Lets the lock go once a build run by a longer-lived shell is done (npm test, npm start): otherwise the
# processes that shell starts next (a server, browser tests that publish) would hold it and every
# publish after would wait for them.
release_publish_lock() {
  [ -n "${SITE_PUBLISH_LOCK_HELD:-}" ] || return 0
  SITE_PUBLISH_LOCK_HELD=
  command -v flock >/dev/null 2>&1 || return 0
  exec 9>&-
}

# Crash tests (scripts/src/soak/kill-table.ts): SITE_PUBLISH_KILL_AT=<step> kills the whole process group
# with SIGKILL at that step (publish/src/kill-point.ts has the steps of incremental-build.ts's side).
kill_point() {
  if [ "${SITE_PUBLISH_KILL_AT:-}" = "$1" ]; then
    log "SITE_PUBLISH_KILL_AT=$1: killing the publish's process group with SIGKILL (crash test)"
    kill -KILL 0
  fi
}

# Points the served link (web/out) at <builds>/<id> in one rename(2), then flushes the folder holding
# it, so that the swap outlives a power loss (the build itself was flushed before). A plain folder at
# web/out (a build made by `npm run build -w @site/web` itself) is first moved into the builds folder,
# right before (one process, so that the moment without web/out is as short as two system calls;
# scripts/src/serve.ts waits it out). The new link is made beside it first (.out-next-<pid>): a swap
# killed before its rename leaves that, which the next build removes.
swap_site_in() {
  local id="$1" next aside=""
  next="$(dirname "$SITE_OUT_LINK")/.$(basename "$SITE_OUT_LINK")-next-$$"
  rm -f "$next"
  if [ -d "$SITE_OUT_LINK" ] && [ ! -L "$SITE_OUT_LINK" ]; then aside="$SITE_BUILDS_DIR/$(date -u +%Y%m%dT%H%M%SZ)-folder-$$"; fi
  # mv -T is GNU only; node's rename is the same system call everywhere.
  node -e '
    const fs = require("node:fs"), path = require("node:path")
    const [link, target, next, aside] = process.argv.slice(1)
    fs.symlinkSync(path.relative(path.dirname(link), target), next)
    if (process.env.SITE_PUBLISH_KILL_AT === "swap") process.kill(0, "SIGKILL")
    if (aside) fs.renameSync(link, aside)
    fs.renameSync(next, link)
    const folder = fs.openSync(path.dirname(link), "r")
    fs.fsyncSync(folder)
    fs.closeSync(folder)
  ' "$SITE_OUT_LINK" "$SITE_BUILDS_DIR/$id" "$next" "$aside"
}

# What builds and publishes killed on the way left beside the served link: new links never renamed over it.
remove_swap_leftovers() {
  local entry
  for entry in "$(dirname "$SITE_OUT_LINK")/.$(basename "$SITE_OUT_LINK")-next-"*; do
    [ -L "$entry" ] && rm -f "$entry"
  done
  return 0
}

# Removes every build but the one served and the one served before it (killed builds included),
# keeping their dependency manifests (<id>.publish.json, read by the next incremental publish).
prune_site_builds() {
  local keep_current="$1" keep_previous="$2" entry removed=0
  for entry in "$SITE_BUILDS_DIR"/*; do
    [ -e "$entry" ] || [ -L "$entry" ] || continue
    case "$(basename "$entry")" in "$keep_current"|"$keep_previous"|"$keep_current.publish.json"|"$keep_previous.publish.json") continue ;; esac
    rm -rf "$entry"
    removed=$((removed + 1))
    # A crash test kills the cleanup after its first removal (or at its end when there was none).
    if [ "$removed" -eq 1 ]; then kill_point cleanup; fi
  done
  kill_point cleanup
}

# Tells the publish service what the publish is doing (publish/src/publish-events.ts): a JSON line appended to the
# file SITE_PUBLISH_EVENTS names, when it names one. Arguments: the event, then for "step" the step and for "live" the
# build's id. Never fails the publish.
publish_event() {
  [ -n "${SITE_PUBLISH_EVENTS:-}" ] || return 0
  local at field=""
  at="$(date +%s%3N 2>/dev/null)" || at=0
  case "$1" in
    step) field=",\"step\":\"$2\"" ;;
    live) field=",\"build\":\"$2\"" ;;
    failed) field=",\"step\":\"$2\"" ;;
  esac
  printf '{"event":"%s"%s,"at":%s}\n' "$1" "$field" "$at" >>"$SITE_PUBLISH_EVENTS" 2>/dev/null || true
}

# tsx from the workspace's own install, without npx's look-up (a third of a second a call, twice a publish).
SITE_TSX=node_modules/.bin/tsx

# The publish steps of publish/src/incremental-build.ts (inputs, manifest, incremental).
publish_step() {
  "$SITE_TSX" --conditions react-server publish/src/incremental-build.ts "$@"
}

# Checks the internal links of a finished build and, when none is broken, serves it (web/out → it) and
# prunes older builds; otherwise removes it and web/out keeps the previous site.
# Arguments: the build's id, its folder, the id of the build served until now ('' for none), and
# "since" when the build was assembled from that one (an incremental publish): the pages it shares with
# it as hard links were checked there and are not checked again (scripts/src/check-links.ts --since).
serve_checked_build() {
  local id="$1" dir="$2" previous="$3" since=()
  if [ "${4:-}" = since ] && [ -n "$previous" ]; then since=(--since "$SITE_BUILDS_DIR/$previous"); fi
  log "Checking the internal links of $dir"
  publish_event step links
  if ! "$SITE_TSX" scripts/src/check-links.ts "$dir" --settings "${since[@]}"; then
    rm -rf "$dir" "$dir.publish.json"
    log "Broken links: $SITE_OUT_LINK/ still holds the previous site"
    publish_event refused
    return 1
  fi
  kill_point link-check
  publish_event step swap
  swap_site_in "$id"
  publish_event live "$id"
  log "$SITE_OUT_LINK now serves $dir"
  remove_swap_leftovers
  prune_site_builds "$id" "$previous"
}

# Builds into web/.builds/<id>, checks its links, swaps it in. Returns non-zero, and leaves web/out
# as it was, when the build or the link check fails.
build_site_aside() {
  local id dir previous=""
  hold_publish_lock
  id="$(date -u +%Y%m%dT%H%M%SZ)-$$"
  dir="$SITE_BUILDS_DIR/$id"
  mkdir -p "$SITE_BUILDS_DIR"
  if [ -L "$SITE_OUT_LINK" ]; then previous="$(basename "$(readlink "$SITE_OUT_LINK")")"; fi
  log "Building the static site into $dir ($SITE_OUT_LINK/ serves the current site until this one is complete)"
  publish_event step build
  # The render workers record what each page reads (content-source/src/reads.ts) for incremental publishes.
  local reads="$PWD/$dir.reads"
  publish_step inputs "$reads" || reads=""
  if ! SITE_OUT_DIR="$SITE_BUILDS_IN_WEB/$id" SITE_READS_LOG="$reads" npm run build -w @site/web; then
    rm -rf "$dir" "$dir.reads"
    log "The build failed: $SITE_OUT_LINK/ still holds the previous site"
    publish_event failed build
    return 1
  fi
  # Without a manifest the build is served all the same; the next publish then builds everything.
  # The manifest step flushes the build to disk (publish/src/flush-release.ts); without it, the flush runs alone.
  if [ -z "$reads" ] || ! publish_step manifest "$dir"; then
    rm -rf "$dir.reads" "$dir.publish.json"
    log "No dependency manifest for $dir: the next publish will build everything"
    publish_step flush "$dir" || { rm -rf "$dir"; log "$dir could not be flushed to disk: $SITE_OUT_LINK/ still holds the previous site"; return 1; }
  fi
  serve_checked_build "$id" "$dir" "$previous"
}

# A publish: renders only the routes whose content changed since the build being served (their
# recorded reads answer differently now), shares every other file with it (hard links), checks the
# links of the whole result and swaps it in like a full build. Falls back to build_site_aside, saying
# why, when the change can touch every page or nothing usable is recorded. Argument: the changed
# documents as JSON ([{"id", "type", "operation"}], from the webhook), optional.
publish_site_aside() {
  local changes="${1:-}" id dir previous="" status=0
  hold_publish_lock
  if [ -n "${SITE_PUBLISH_FULL:-}" ]; then
    log "SITE_PUBLISH_FULL is set: building everything"
    build_site_aside
    return
  fi
  if [ ! -L "$SITE_OUT_LINK" ] || [ ! -d "$SITE_OUT_LINK/" ]; then
    log "No build is served yet ($SITE_OUT_LINK is not a link to one): building everything"
    build_site_aside
    return
  fi
  previous="$(basename "$(readlink "$SITE_OUT_LINK")")"
  id="$(date -u +%Y%m%dT%H%M%SZ)-$$"
  dir="$SITE_BUILDS_DIR/$id"
  log "Publishing incrementally from $SITE_BUILDS_DIR/$previous into $dir"
  publish_event step plan
  if [ -n "$changes" ]; then
    publish_step incremental "$SITE_BUILDS_DIR/$previous" "$SITE_BUILDS_IN_WEB/$id" --changes "$changes" || status=$?
  else
    publish_step incremental "$SITE_BUILDS_DIR/$previous" "$SITE_BUILDS_IN_WEB/$id" || status=$?
  fi
  if [ "$status" -eq 3 ]; then
    rm -rf "$dir" "$dir.reads" "$dir.publish.json"
    build_site_aside
    return
  fi
  if [ "$status" -ne 0 ]; then
    rm -rf "$dir" "$dir.reads" "$dir.publish.json"
    log "The incremental publish failed (exit $status): building everything instead"
    build_site_aside
    return
  fi
  serve_checked_build "$id" "$dir" "$previous" since
}
