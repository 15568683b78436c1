#!/usr/bin/env bash
# Build this fixture with real Docusaurus 3: the "oracle" that the importer's
# output is compared with. Never run by `npm test`; Docusaurus is never a
# dependency of the project.
#
# Usage:
#   bash build-with-docusaurus.sh SCRATCH_DIR OUT_DIR [docusaurus build options...]
#
#   SCRATCH_DIR  a folder OUTSIDE the repository that holds (or will hold) a
#                Docusaurus 3 install: SCRATCH_DIR/node_modules/.bin/docusaurus.
#                When it is missing, the script writes SCRATCH_DIR/package.json
#                with the dependencies of this fixture's package.json and runs
#                `npm install` there (the npm registry, a few minutes).
#   OUT_DIR      where the static site goes (emptied first). Every locale is
#                built: en at OUT_DIR/, the others at OUT_DIR/fr/, OUT_DIR/pt-BR/.
#   extra options are passed to `docusaurus build`, e.g. `--locale fr`.
#
# The fixture is copied to SCRATCH_DIR/sites/kitchen-sink (replaced on each
# run), so that Node resolves @docusaurus/*, react and prism-react-renderer
# from SCRATCH_DIR/node_modules by walking up; nothing is written into the
# repository. At the end it prints the number of HTML pages per locale and
# writes the sorted route list to OUT_DIR/../<basename OUT_DIR>.routes.txt.
#
# Example (the recorded oracle, see /work/notes/kitchen-sink.md):
#   bash scripts/src/import/__tests__/__fixtures__/kitchen-sink/build-with-docusaurus.sh \
#     /work/scratch/docusaurus3 /work/scratch/kitchen-sink-build
set -euo pipefail

if [ $# -lt 2 ]; then
  sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi

FIXTURE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SCRATCH="$(realpath -m "$1")"
OUT="$(realpath -m "$2")"
shift 2

REPO_ROOT="$(git -C "$FIXTURE" rev-parse --show-toplevel 2>/dev/null || true)"
for dir in "$SCRATCH" "$OUT"; do
  if [ -n "$REPO_ROOT" ] && case "$dir/" in "$REPO_ROOT"/*) true ;; *) false ;; esac; then
    echo "build-with-docusaurus: $dir is inside the repository ($REPO_ROOT); use a scratch folder outside it" >&2
    exit 2
  fi
done
case "$OUT" in
  / | "$HOME" | "$SCRATCH" | "$SCRATCH/sites" | "$SCRATCH/node_modules")
    echo "build-with-docusaurus: refusing to empty $OUT; give a folder of its own for the output" >&2
    exit 2 ;;
esac
mkdir -p "$SCRATCH" "$OUT"

DOCUSAURUS="$SCRATCH/node_modules/.bin/docusaurus"
if [ ! -x "$DOCUSAURUS" ]; then
  echo "build-with-docusaurus: no Docusaurus in $SCRATCH; installing the fixture's dependencies from the npm registry"
  node -e '
    const pkg = require(process.argv[1]);
    const out = {name: "docusaurus3-oracle", private: true,
      description: "Real Docusaurus 3 to build fixture sites. Never a dependency of the project.",
      dependencies: pkg.dependencies};
    require("fs").writeFileSync(process.argv[2], JSON.stringify(out, null, 2) + "\n");
  ' "$FIXTURE/package.json" "$SCRATCH/package.json"
  (cd "$SCRATCH" && npm install --no-audit --no-fund --loglevel=error)
fi

SITE="$SCRATCH/sites/kitchen-sink"
rm -rf "$SITE"
mkdir -p "$SITE"
# Copy the fixture, without anything a previous local run may have left in it.
tar -C "$FIXTURE" --exclude=./node_modules --exclude=./.docusaurus --exclude=./build -cf - . | tar -C "$SITE" -xf -

echo "build-with-docusaurus: Docusaurus $(node -p "require('$SCRATCH/node_modules/@docusaurus/core/package.json').version"), Node $(node --version)"
rm -rf "$OUT"
start=$(date +%s)
(cd "$SITE" && "$DOCUSAURUS" build --out-dir "$OUT" "$@")
end=$(date +%s)

ROUTES="$(dirname "$OUT")/$(basename "$OUT").routes.txt"
# A route is a folder with an index.html (trailingSlash is undefined: Docusaurus
# writes /docs/intro as docs/intro/index.html) or a top-level .html file.
(cd "$OUT" && find . -name '*.html' | sed -e 's#^\.##' -e 's#/index\.html$#/#' -e 's#\.html$##' | sort) > "$ROUTES"
echo "build-with-docusaurus: built in $((end - start)) s into $OUT"
echo "build-with-docusaurus: HTML pages per locale (route list: $ROUTES)"
for locale in fr pt-BR; do
  printf '  %-6s %s\n' "$locale" "$(grep -c "^/$locale/" "$ROUTES" || true)"
done
printf '  %-6s %s\n' en "$(grep -vc -e '^/fr/' -e '^/pt-BR/' "$ROUTES" || true)"
