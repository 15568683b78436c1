# Builds the static site beside the one being served, for tools/run.sh (sourced; uses its `log`).
# web/out is a link to a complete build in web/.builds/: a new build goes to web/.builds/<id>, its
# links are checked, and only then is web/out renamed over to it in one step, so that a server of
# web/out (npm start) answers from the old site until the new one is complete, and keeps the old one
# when a build fails. The previous build is kept (a rollback is `ln -sfn .builds/<id> web/out`).

SITE_BUILDS_DIR=web/.builds

# Points web/out at web/.builds/<id> in one rename(2). A plain folder at web/out (a build made by
# `npm run build -w @site/web` itself) is first moved into web/.builds, right before (one process,
# so that the moment without web/out is as short as two system calls; scripts/src/serve.ts waits it out).
swap_site_in() {
  local id="$1" next="web/.out-next-$$" aside=""
  rm -f "$next"
  ln -s ".builds/$id" "$next"
  if [ -d web/out ] && [ ! -L web/out ]; then aside="$SITE_BUILDS_DIR/$(date -u +%Y%m%dT%H%M%SZ)-folder-$$"; fi
  # mv -T is GNU only; node's rename is the same system call everywhere.
  node -e 'const fs = require("node:fs"); const [next, aside] = process.argv.slice(1); if (aside) fs.renameSync("web/out", aside); fs.renameSync(next, "web/out")' "$next" "$aside"
}

# Removes every build but the one served and the one served before it (killed builds included),
# keeping their dependency manifests (<id>.publish.json, read by the next incremental publish).
prune_site_builds() {
  local keep_current="$1" keep_previous="$2" entry
  for entry in "$SITE_BUILDS_DIR"/*; do
    [ -e "$entry" ] || continue
    case "$(basename "$entry")" in "$keep_current"|"$keep_previous"|"$keep_current.publish.json"|"$keep_previous.publish.json") continue ;; esac
    rm -rf "$entry"
  done
}

# Tells the publish service what the publish is doing (web/src/build/publish-events.ts): a JSON line appended to the
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

# The publish steps of web/src/build/incremental-build.ts (inputs, manifest, incremental).
publish_step() {
  "$SITE_TSX" --conditions react-server web/src/build/incremental-build.ts "$@"
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
    log "Broken links: web/out/ still holds the previous site"
    publish_event refused
    return 1
  fi
  publish_event step swap
  swap_site_in "$id"
  publish_event live "$id"
  log "web/out now serves $dir"
  prune_site_builds "$id" "$previous"
}

# Builds into web/.builds/<id>, checks its links, swaps it in. Returns non-zero, and leaves web/out
# as it was, when the build or the link check fails.
build_site_aside() {
  local id dir previous=""
  id="$(date -u +%Y%m%dT%H%M%SZ)-$$"
  dir="$SITE_BUILDS_DIR/$id"
  mkdir -p "$SITE_BUILDS_DIR"
  if [ -L web/out ]; then previous="$(basename "$(readlink web/out)")"; fi
  log "Building the static site into $dir (web/out/ serves the current site until this one is complete)"
  publish_event step build
  # The render workers record what each page reads (web/src/content/reads.ts) for incremental publishes.
  local reads="$PWD/$dir.reads"
  publish_step inputs "$reads" || reads=""
  if ! SITE_OUT_DIR=".builds/$id" SITE_READS_LOG="$reads" npm run build -w @site/web; then
    rm -rf "$dir" "$dir.reads"
    log "The build failed: web/out/ still holds the previous site"
    publish_event failed build
    return 1
  fi
  # Without a manifest the build is served all the same; the next publish then builds everything.
  if [ -n "$reads" ] && ! publish_step manifest "$dir"; then
    rm -rf "$dir.reads" "$dir.publish.json"
    log "No dependency manifest for $dir: the next publish will build everything"
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
  if [ -n "${SITE_PUBLISH_FULL:-}" ]; then
    log "SITE_PUBLISH_FULL is set: building everything"
    build_site_aside
    return
  fi
  if [ ! -L web/out ] || [ ! -d "web/out/" ]; then
    log "No build is served yet (web/out is not a link to one): building everything"
    build_site_aside
    return
  fi
  previous="$(basename "$(readlink web/out)")"
  id="$(date -u +%Y%m%dT%H%M%SZ)-$$"
  dir="$SITE_BUILDS_DIR/$id"
  log "Publishing incrementally from $SITE_BUILDS_DIR/$previous into $dir"
  publish_event step plan
  if [ -n "$changes" ]; then
    publish_step incremental "$SITE_BUILDS_DIR/$previous" ".builds/$id" --changes "$changes" || status=$?
  else
    publish_step incremental "$SITE_BUILDS_DIR/$previous" ".builds/$id" || status=$?
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
