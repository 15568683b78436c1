#!/usr/bin/env bash
# The project's commands (npm start, npm test, npm run build|typegen|bench|import), runnable on a
# fresh machine: they get Node 22 when the machine's Node is older and install dependencies when
# node_modules is missing or older than the lock file.
set -euo pipefail
caller_dir="$PWD"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source tools/node22.sh
# build_site_aside: the site is built beside the one being served, then swapped in (web/out is a link).
source tools/build-aside.sh

# Bold step lines on a terminal only: a log written to a file or a pipe gets no escape codes.
if [ -t 2 ] && [ -z "${NO_COLOR:-}" ]; then bold=$'\033[1m' plain=$'\033[0m'; else bold='' plain=''; fi
log() { printf '%s› %s%s\n' "$bold" "$*" "$plain" >&2; }
# The tools run below (Vitest, Next, Playwright, the Sanity CLI) colour their output too: not into a
# file or a pipe. (Not with FORCE_COLOR set: Node warns when both are.)
if [ ! -t 1 ] && [ -z "${FORCE_COLOR:-}" ]; then export NO_COLOR=1; fi

# A line every 15 s while a long, quiet step runs (npm ci prints nothing until it is done).
progress() {
  local label="$1" start=$SECONDS pause
  trap 'kill "$pause" 2>/dev/null; exit 0' TERM
  while true; do
    sleep 15 & pause=$!
    wait "$pause"
    log "$label: $((SECONDS - start)) s so far, $(du -sm node_modules 2>/dev/null | cut -f1 || echo 0) MB in node_modules/"
  done
}

ensure_deps() {
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "Installing dependencies (npm ci; a few minutes and about 1.4 GB on a fresh machine)"
    progress "npm ci still running" &
    local ticker=$! status=0
    npm ci --no-audit --no-fund --loglevel=error || status=$?
    kill "$ticker" 2>/dev/null || true
    wait "$ticker" 2>/dev/null || true
    [ "$status" -eq 0 ] && log "Dependencies installed" || log "npm ci failed (exit $status)"
    return "$status"
  fi
}

run_import() {
  log "Importing content/ into the dataset (.generated/dataset/)"
  npx tsx importer/src/cli.ts "$@"
}

# Each step returns on failure by itself: callers use `run_build || …`, where set -e does not apply.
# Arguments go to the importer: `npm run build -- --content ../my-docusaurus-site` builds another site.
# dataset_imported=1 (npm test, whose step before has just imported content/ the same way, and nothing has
# written the dataset since): the build uses that dataset rather than import it again.
run_build() {
  # Before the import: a build running now reads the dataset it would write.
  hold_publish_lock
  local status=0
  # Nothing changed since the build being served (code, content, settings, framework): it stays, nothing is
  # built (publish/src/build-reuse.ts; SITE_BUILD_FRESH=1 builds anyway).
  if "$SITE_TSX" publish/src/build-reuse.ts check "$SITE_BUILDS_DIR" "$SITE_OUT_LINK" "$@"; then
    release_publish_lock
    return 0
  fi
  if [ "${dataset_imported:-0}" = 1 ]; then
    log "The dataset the step before imported from content/ is this build's: not imported again"
  else
    run_import "$@" || status=$?
  fi
  if [ "$status" -eq 0 ]; then build_site_aside || status=$?; fi
  if [ "$status" -eq 0 ]; then "$SITE_TSX" publish/src/build-reuse.ts record "$SITE_BUILDS_DIR" "$SITE_OUT_LINK" || true; fi
  release_publish_lock
  return "$status"
}

# ESLint over the repository (eslint.config.js), no warning allowed; `npm run lint -- --fix` fixes what
# it can. Files or folders given replace the default, the whole repository.
run_lint() {
  [ $# -gt 0 ] || set -- .
  npx eslint --max-warnings 0 "$@"
}

# TypeScript's checker over every workspace and the test folders that no build checks (next build
# checks web/ itself): the e2e specs, the tools. Each project is named when it fails.
run_typecheck() {
  local status=0 project
  for project in schemas content-source importer test-support scripts studio web publish web/e2e web/e2e-dev web/e2e-preview web/e2e-theme tsconfig.tools.json; do
    npx tsc --noEmit -p "$project" || { log "Type errors in $project (above)"; status=1; }
  done
  return "$status"
}

# Prettier (.prettierrc.json, .prettierignore): `write` formats, `check` lists what is not formatted.
run_format() {
  local mode="$1"
  shift
  [ $# -gt 0 ] || set -- .
  if [ "$mode" = write ]; then
    npx prettier --write --log-level warn "$@"
  else
    npx prettier --check --log-level warn "$@" || { log "Not formatted as Prettier would (the files above): npm run format writes them"; return 1; }
  fi
}

typegen() {
  log "Extracting the schema and generating query types (schemas/src/sanity.types.ts)"
  (cd studio && npx sanity schema extract --force --path ../schemas/schema.json >/dev/null && npx sanity typegen generate >/dev/null)
}

cmd="${1:-}"
shift || true

# Settings from .env (see .env.example), for every command but the tests, which always run on the
# embedded content so that their expectations hold whatever a developer has configured. Read once,
# by the outermost run.sh: a command run by another (the tests build the studio) keeps its settings.
if [ -f .env ] && [ "$cmd" != test ] && [ -z "${SITE_RUN_SH:-}" ]; then
  log "Reading settings from .env"
  set -a
  # shellcheck disable=SC1091
  source .env
  set +a
fi
export SITE_RUN_SH="$cmd"
case "$cmd" in
  import) ensure_deps; run_import "$@" ;;
  build) ensure_deps; run_build "$@" ;;
  # A publish: renders only what changed since the build being served (see tools/build-aside.sh).
  # `-- --changes '<json>'` names the changed documents (the webhook passes them in SITE_PUBLISH_CHANGES);
  # `--full` builds everything.
  publish:site)
    ensure_deps
    changes="${SITE_PUBLISH_CHANGES:-}" import_args=()
    while [ $# -gt 0 ]; do
      case "$1" in
        --changes) changes="${2:-}"; shift 2 || shift ;;
        --full) export SITE_PUBLISH_FULL=1; shift ;;
        --content) import_args=(--content "${2:-}"); shift 2 || shift ;;
        *) echo "publish:site: unknown argument $1 (use --changes '<json>', --content <folder> or --full)" >&2; exit 2 ;;
      esac
    done
    # Content from Sanity needs no import; the embedded content (or --content's folder) is imported again first,
    # once the build or publish running now has ended (tools/build-aside.sh).
    hold_publish_lock
    if [ -z "${SANITY_PROJECT_ID:-}" ]; then run_import "${import_args[@]}" || exit; fi
    publish_site_aside "$changes"
    ;;
  start)
    ensure_deps
    # The build decides whether anything changed since the release web/out serves (run_build's check).
    run_build || exit
    exec npx tsx scripts/src/serve.ts --dir web/out --port "${PORT:-3000}" "$@"
    ;;
  # The preview server for editors (drafts in the studio's Presentation tool): the web app built into
  # web/.next-preview with SITE_PREVIEW=1 and served on PREVIEW_PORT (3200). It reads a Sanity project
  # (SANITY_PROJECT_ID, SANITY_DATASET, SANITY_API_READ_TOKEN); `-- --no-build` serves the last build.
  preview)
    ensure_deps
    cd web
    export SITE_PREVIEW=1 NEXT_TELEMETRY_DISABLED=1
    if [ "${1:-}" = --no-build ]; then shift; else log "Building the preview server (web/.next-preview)"; npx next build; fi
    log "Preview server on http://${PREVIEW_HOST:-127.0.0.1}:${PREVIEW_PORT:-3200} (the studio's SANITY_STUDIO_PREVIEW_URL)"
    exec npx next start --hostname "${PREVIEW_HOST:-127.0.0.1}" --port "${PREVIEW_PORT:-3200}" "$@"
    ;;
  typegen) ensure_deps; typegen ;;
  lint) ensure_deps; run_lint "$@" ;;
  format) ensure_deps; run_format write "$@" ;;
  format:check) ensure_deps; run_format check "$@" ;;
  typecheck) ensure_deps; run_typecheck ;;
  bench) ensure_deps; exec npx tsx scripts/src/bench/cli.ts "$@" ;;
  check:framework) ensure_deps; exec npx tsx scripts/src/framework/check-framework.ts "$@" ;;
  # Sustained publishing under read load, with figures (scripts/src/soak/): `npm run soak -- --publishes 30`.
  soak) ensure_deps; exec npx tsx scripts/src/soak/cli.ts "$@" ;;
  search:index) ensure_deps; exec npx tsx scripts/src/search/index-job.ts "$@" ;;
  seed:sanity) ensure_deps; exec npx tsx scripts/src/sanity/seed.ts "$@" ;;
  webhook:sanity) ensure_deps; exec npx tsx scripts/src/sanity/webhook.ts "$@" ;;
  # The bench's synthetic site (two whole builds in web/: content/ and its 2× copy, page by page); never in npm test.
  test:synthetic) ensure_deps; exec npx vitest run scripts/src/bench/__tests__/synthetic-site.test.ts "$@" ;;
  # The incremental publish check in full: each edit of content/ published alone, the navbar's fallback, then the Sanity
  # cases and the short soak (npm test runs it with --short: the edits published together). About 15 minutes.
  check:publish) ensure_deps; exec npx tsx scripts/src/publish/incremental-check.ts --soak 2 "$@" ;;
  # Builds a Docusaurus site's source here (in web/, so never beside npm run build) and compares it with its Docusaurus build.
  compare) ensure_deps; exec npx tsx scripts/src/compare/cli.ts "$@" ;;
  # Rebuilds the corpus of real Docusaurus sites (scripts/src/corpus/manifest.json) with their own Docusaurus and compares each; never in npm test.
  corpus) ensure_deps; exec npx tsx scripts/src/corpus/cli.ts "$@" ;;
  # The workspaces' own scripts (npm run dev -w @site/studio, …): any command, in the directory it
  # was called from, with Node 22 and the dependencies.
  exec) ensure_deps; cd "$caller_dir"; exec "$@" ;;
  # npm run dev -w @site/web: the Next.js development server on the local dataset, imported first when missing.
  web-dev)
    ensure_deps
    if [ -z "${SANITY_PROJECT_ID:-}${DATASET_DIR:-}" ] && [ ! -f .generated/dataset/data.ndjson ]; then run_import; fi
    cd web && exec npm run dev:next -- "$@"
    ;;
  test)
    ensure_deps
    # The end-to-end tests check the pages built from content/: never build them from elsewhere.
    if [ -n "${SANITY_PROJECT_ID:-}${SANITY_DATASET:-}${DATASET_DIR:-}" ]; then
      log "Ignoring SANITY_PROJECT_ID, SANITY_DATASET and DATASET_DIR: the tests build from content/"
    fi
    unset SANITY_PROJECT_ID SANITY_DATASET DATASET_DIR
    mkdir -p test-results
    # How long each step took, printed at the end: the suite is held to about 30 minutes on a 2-core machine.
    step_times=() step_started=$SECONDS suite_started=$SECONDS
    step_done() {
      step_times+=("$(printf '%-34s %5d s' "$1" $((SECONDS - step_started)))")
      step_started=$SECONDS
    }
    # Stale reports of an earlier run must not count in this run's summary.
    rm -f test-results/vitest.json test-results/vitest-urls.json test-results/playwright.json test-results/playwright-studio.json test-results/playwright-studio-publishing.json test-results/studio-e2e.log test-results/playwright-preview.json test-results/playwright-theme.json test-results/faults.json test-results/publish.json
    # First lint (about 2 minutes of CPU: type-aware rules) and format. A failure stops the run here, before the long steps
    # (SITE_TEST_KEEP_GOING=1 runs them anyway).
    # Lint beside format and types: each is one process on one core, so on 2 cores the step takes the longer of the two.
    log "Lint (ESLint, no warnings allowed; npm run lint -- --fix fixes what it can), beside format and types; its output follows theirs"
    lint=0 started=$SECONDS
    lint_log=$(mktemp)
    run_lint >"$lint_log" 2>&1 &
    lint_pid=$!
    log "Format (Prettier --check; npm run format writes the files it lists)"
    format=0
    run_format check || format=$?
    log "Type check (tsc over schemas, content-source, importer, test-support, scripts, studio, web, publish, the e2e specs and the tools)"
    types=0
    run_typecheck || types=$?
    log "Format and type check: $((SECONDS - started)) s"
    wait "$lint_pid" || lint=$?
    log "Lint (its output):"
    cat "$lint_log"
    rm -f "$lint_log"
    log "Lint: done $((SECONDS - started)) s after the step began"
    step_done "lint, format, types"
    if [ $((lint + format + types)) -ne 0 ] && [ -z "${SITE_TEST_KEEP_GOING:-}" ]; then
      log "Lint, format or type check failed: the other steps did not run (SITE_TEST_KEEP_GOING=1 runs them anyway)"
      node tools/test-summary.mjs --checks-only "lint=$lint" "format=$format" "types=$types"
      exit 1
    fi
    log "Unit and integration tests (Vitest)"
    unit=0
    npx vitest run --exclude '**/synthetic-site.test.ts' --exclude '**/site-urls-built.test.ts' --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || unit=$?
    step_done "unit and integration (Vitest)"
    log "Fault injection (scripts/src/faults): each case, its expected and observed outcome"
    faults=0
    npx tsx scripts/src/faults/cli.ts --json test-results/faults.json || faults=$?
    step_done "fault injection"
    log "Building the site for the end-to-end tests"
    e2e=0 e2e_built=0
    if run_build; then
      e2e_built=1
      log "End-to-end tests (Playwright, Debian's Chromium, against web/out/ on 127.0.0.1)"
      npx playwright test --config web/playwright.config.ts || e2e=$?
    else
      e2e=1
      log "The site did not build (see above): the end-to-end tests did not run"
    fi
    dataset_imported=0
    step_done "site build and e2e"
    # The preview server for editors: built with SITE_PREVIEW=1 (web/.next-preview, never web/out or web/.next) and
    # run against the Sanity API stand-in, draft mode entered through the studio's preview secret. Before the
    # studio's tests: its Presentation spec runs that build (web/.next-preview) in the studio's frame.
    log "Preview server tests (Playwright, Debian's Chromium, the preview server against a stand-in of the Sanity API)"
    preview_e2e=0
    npx playwright test --config web/playwright.preview.config.ts || preview_e2e=$?
    step_done "preview server e2e"
    # The studio's browser tests read the dataset the build above imported into .generated/dataset.
    log "Building the studio for its browser tests"
    studio_e2e=0 studio_built=0 studio_pid=
    if npm run build -w @site/studio; then
      studio_built=1
      # Every studio spec but the publish status one (the built studio, its stand-in and the preview build: nothing the
      # incremental check touches), in the background beside that check, which leaves a core idle for a third of its
      # time (servers, timers, the disk). Their output is printed when both are done.
      log "Studio browser tests, beside the incremental publish check (their output follows the check's)"
      STUDIO_E2E_REPORT=test-results/playwright-studio.json npx playwright test --config studio/playwright.config.ts --project chromium \
        >test-results/studio-e2e.log 2>&1 &
      studio_pid=$!
    else
      studio_e2e=1
      log "The studio did not build (see above): its browser tests did not run"
    fi
    step_done "studio build"
    # Right after the site's e2e (the preview's build is in web/.next-preview), while web/out serves the build of
    # content/ just tested and web/.next holds its compile: the check's first full build, of a copy of content/ dated
    # by content/'s git history, is that release, which it starts from (it builds when it is not: another build came
    # between, or SITE_BUILD_FRESH=1). Then it builds the site three more times (in web/.builds/publish-check-* and
    # web/.soak-*, never web/out): the comparison of content/'s publish, the Sanity-mode build scanned for secrets, and
    # the short soak's final comparison.
    # The theme's step after it builds web/.next again.
    log "Incremental publish: content/ built fully (the release just tested, when it is that build), then a doc, a post, a new post, a release and a translation edited and published together, the result compared file by file with a full build; then in the Sanity API stand-in a full build with fake secrets scanned for them, a doc published incrementally, and the short soak (edits through the webhook under read load, a publish killed at each step, ten webhooks within a second, an edit no page shows); npm run check:publish publishes each edit alone"
    publish_check=0
    nice -n 5 npx tsx scripts/src/publish/incremental-check.ts --short --soak 2 --json test-results/publish.json || publish_check=$?
    if [ -n "$studio_pid" ]; then
      log "Studio browser tests beside the check: waiting for them to end"
      wait "$studio_pid" || studio_e2e=$?
      cat test-results/studio-e2e.log
    fi
    step_done "incremental check, studio e2e beside"
    # The URL module against the site just built: every page document of content/ has its page at the module's address.
    if [ "$e2e_built" = 1 ] && [ -L "$SITE_OUT_LINK" ]; then
      log "The URL module against the site just built (every page document's address has its page, in every locale)"
      SITE_URLS_BUILT_OUT="$(readlink -f "$SITE_OUT_LINK")" npx vitest run studio/__tests__/site-urls-built.test.ts --reporter=default --reporter=json --outputFile.json=test-results/vitest-urls.json || unit=$?
    fi
    step_done "URL module against the build"
    # A migrated site's look: the kitchen-sink fixture (custom CSS with brand colours and an icon link)
    # imported and built into web/.theme-e2e-out, beside web/out, and served with the site's own server.
    log "Theme tests (Playwright, Debian's Chromium, the kitchen-sink fixture built with its theme and served on 127.0.0.1)"
    theme_e2e=0
    npx playwright test --config web/playwright.theme.config.ts || theme_e2e=$?
    step_done "theme e2e"
    # Last, alone: the publish status spec builds the site from the stand-in's content and publishes it for real
    # (studio/e2e/publish-fixtures.ts puts web/out aside and back).
    if [ "$studio_built" = 1 ]; then
      log "Studio publish status tests (the site built and published for real from the Sanity API stand-in)"
      studio_publishing=0
      STUDIO_E2E_REPORT=test-results/playwright-studio-publishing.json npx playwright test --config studio/playwright.config.ts --project 'chromium publishing' || studio_publishing=$?
      [ "$studio_e2e" != 0 ] || studio_e2e=$studio_publishing
    fi
    step_done "studio publish status e2e"
    log "Time of each step ($((SECONDS - suite_started)) s in all):"
    printf '  %s\n' "${step_times[@]}"
    node tools/test-summary.mjs test-results/vitest.json,test-results/vitest-urls.json test-results/playwright.json test-results/playwright-theme.json test-results/playwright-studio.json test-results/playwright-studio-publishing.json test-results/playwright-preview.json "lint=$lint" "format=$format" "types=$types" "incremental publish=$publish_check" --faults test-results/faults.json
    [ "$lint" -eq 0 ] && [ "$format" -eq 0 ] && [ "$types" -eq 0 ] && [ "$unit" -eq 0 ] && [ "$faults" -eq 0 ] && [ "$e2e" -eq 0 ] && [ "$theme_e2e" -eq 0 ] && [ "$studio_e2e" -eq 0 ] && [ "$preview_e2e" -eq 0 ] && [ "$publish_check" -eq 0 ]
    ;;
  *) echo "usage: tools/run.sh start|preview|test|lint|format|format:check|typecheck|build|publish:site|import|typegen|bench|soak|check:publish|search:index|seed:sanity|webhook:sanity|compare|corpus|web-dev|exec <command…>" >&2; exit 2 ;;
esac
