#!/bin/sh
# Runs the index job forever: a full run first (new collection, alias swap), then incremental runs.
# A failed run is reported and retried at the next interval; the alias stays on the last good collection.
# Runs hold index.lock beside the state file, which the sanity-webhook service takes for its reindex too.
interval="${SEARCH_INDEX_INTERVAL:-3600}"
case "$interval" in ''|*[!0-9]*) echo "SEARCH_INDEX_INTERVAL must be a number of seconds, got \"$interval\"" >&2; exit 2 ;; esac
mode=""
lock="$(dirname "${SEARCH_INDEX_STATE:-.generated/search-index-state.json}")/index.lock"
mkdir -p "$(dirname "$lock")"
while true; do
  if [ -z "${SANITY_PROJECT_ID:-}" ]; then npx tsx importer/src/cli.ts || { sleep "$interval"; continue; }; fi
  if flock "$lock" npx tsx scripts/src/search/index-job.ts $mode; then mode="--incremental"; fi
  echo "Next index run in ${interval} s"
  sleep "$interval"
done
