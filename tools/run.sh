#!/usr/bin/env bash
# The project's commands (npm start, npm test, npm run build|typegen|bench|import), runnable on a
# fresh machine: they get Node 22 when the machine's Node is older and install dependencies when
# node_modules is missing or older than the lock file.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source tools/node22.sh
# build_site_aside: the site is built beside the one being served, then swapped in (web/out is a link).
source tools/build-aside.sh

log() { printf '\033[1m› %s\033[0m\n' "$*" >&2; }

ensure_deps() {
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "Installing dependencies (npm ci)"
    npm ci --no-audit --no-fund --loglevel=error
  fi
}

run_import() {
  log "Importing content/ into the dataset (.generated/dataset/)"
  npx tsx scripts/src/import/cli.ts "$@"
}

# Each step returns on failure by itself: callers use `run_build || …`, where set -e does not apply.
run_build() {
  run_import || return
  build_site_aside
}

# True when web/out/ is missing or older than any source it is built from.
needs_build() {
  [ -f web/out/index.html ] || return 0
  [ -n "$(find content web/src web/app schemas/src scripts/src web/next.config.ts -newer web/out/index.html -type f -not -path "*/__tests__/*" -print -quit 2>/dev/null)" ]
}

typegen() {
  log "Extracting the schema and generating query types (schemas/src/sanity.types.ts)"
  (cd studio && npx sanity schema extract --force --path ../schemas/schema.json >/dev/null && npx sanity typegen generate >/dev/null)
}

cmd="${1:-}"
shift || true

# Settings from .env (see .env.example), for every command but the tests, which always run on the
# embedded content so that their expectations hold whatever a developer has configured.
if [ -f .env ] && [ "$cmd" != test ]; then
  log "Reading settings from .env"
  set -a
  # shellcheck disable=SC1091
  source .env
  set +a
fi
case "$cmd" in
  import) ensure_deps; run_import "$@" ;;
  build) ensure_deps; run_build ;;
  start)
    ensure_deps
    if needs_build; then run_build; else log "web/out/ is up to date (npm run build rebuilds it)"; fi
    exec npx tsx scripts/src/serve.ts --dir web/out --port "${PORT:-3000}" "$@"
    ;;
  typegen) ensure_deps; typegen ;;
  bench) ensure_deps; exec npx tsx scripts/src/bench/cli.ts "$@" ;;
  search:index) ensure_deps; exec npx tsx scripts/src/search/index-job.ts "$@" ;;
  seed:sanity) ensure_deps; exec npx tsx scripts/src/sanity/seed.ts "$@" ;;
  webhook:sanity) ensure_deps; exec npx tsx scripts/src/sanity/webhook.ts "$@" ;;
  test)
    ensure_deps
    # The end-to-end tests check the pages built from content/: never build them from elsewhere.
    if [ -n "${SANITY_PROJECT_ID:-}${SANITY_DATASET:-}${DATASET_DIR:-}" ]; then
      log "Ignoring SANITY_PROJECT_ID, SANITY_DATASET and DATASET_DIR: the tests build from content/"
    fi
    unset SANITY_PROJECT_ID SANITY_DATASET DATASET_DIR
    mkdir -p test-results
    # Stale reports of an earlier run must not count in this run's summary.
    rm -f test-results/vitest.json test-results/playwright.json test-results/playwright-studio.json test-results/faults.json
    log "Unit and integration tests (Vitest)"
    unit=0
    npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || unit=$?
    log "Fault injection (scripts/src/faults): each case, its expected and observed outcome"
    faults=0
    npx tsx scripts/src/faults/cli.ts --json test-results/faults.json || faults=$?
    log "Sanity mode and secrets: a build from a stand-in of the Sanity query API with a fake read token, fake secrets and a Typesense search-only key, scanned file by file"
    secrets=0
    run_import >/dev/null && SECRET_SCAN_LOCKED=1 npx tsx scripts/src/search/secret-scan.ts --build --no-rebuild || secrets=$?
    log "Building the site for the end-to-end tests"
    e2e=0
    if run_build; then
      log "End-to-end tests (Playwright, Debian's Chromium, against web/out/ on 127.0.0.1)"
      npx playwright test --config web/playwright.config.ts || e2e=$?
    else
      e2e=1
      log "The site did not build (see above): the end-to-end tests did not run"
    fi
    # The studio's browser tests read the dataset the build above imported into .generated/dataset.
    log "Building the studio for its browser tests"
    studio_e2e=0
    if npm run build -w @site/studio; then
      log "Studio browser tests (Playwright, Debian's Chromium, the built studio against a stand-in of the Sanity API)"
      npx playwright test --config studio/playwright.config.ts || studio_e2e=$?
    else
      studio_e2e=1
      log "The studio did not build (see above): its browser tests did not run"
    fi
    node tools/test-summary.mjs test-results/vitest.json test-results/playwright.json test-results/playwright-studio.json "secret scan=$secrets" --faults test-results/faults.json
    [ "$unit" -eq 0 ] && [ "$faults" -eq 0 ] && [ "$secrets" -eq 0 ] && [ "$e2e" -eq 0 ] && [ "$studio_e2e" -eq 0 ]
    ;;
  *) echo "usage: tools/run.sh start|test|build|import|typegen|bench|search:index|seed:sanity|webhook:sanity" >&2; exit 2 ;;
esac
