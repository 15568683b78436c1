#!/usr/bin/env bash
# Build a fixture site of this folder with real Docusaurus 3: the "oracle" that the
# importer's output is compared with. Never run by `npm test`; Docusaurus is never a
# dependency of the project.
#
# Usage:
#   bash build-with-docusaurus.sh FIXTURE SCRATCH_DIR OUT_DIR [docusaurus build options...]
#
#   FIXTURE      the fixture's folder (kitchen-sink, root-docs, product-blogs, or a path).
#   SCRATCH_DIR  a folder OUTSIDE the repository that holds (or will hold) a
#                Docusaurus 3 install: SCRATCH_DIR/node_modules/.bin/docusaurus.
#                When it is missing, the script writes SCRATCH_DIR/package.json
#                with the dependencies of the fixture's package.json and runs
#                `npm install` there (the npm registry, a few minutes).
#   OUT_DIR      where the static site goes (emptied first). Every locale is
#                built: the default at OUT_DIR/, the others at OUT_DIR/<locale>/.
#   extra options are passed to `docusaurus build`, e.g. `--locale fr`.
#
# The fixture is copied to SCRATCH_DIR/sites/<fixture name> (replaced on each
# run), so that Node resolves @docusaurus/*, react and the fixture's packages
# from SCRATCH_DIR/node_modules by walking up; nothing is written into the
# repository. At the end it prints the number of HTML pages per locale and
# writes the sorted route list to OUT_DIR/../<basename OUT_DIR>.routes.txt.
set -euo pipefail

if [ $# -lt 3 ]; then
  sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [ -d "$1" ]; then FIXTURE="$(cd "$1" && pwd)"; elif [ -d "$HERE/$1" ]; then FIXTURE="$HERE/$1"; else
  echo "build-with-docusaurus: no fixture folder $1 (nor $HERE/$1)" >&2
  exit 2
fi
NAME="$(basename "$FIXTURE")"
SCRATCH="$(realpath -m "$2")"
OUT="$(realpath -m "$3")"
shift 3

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
# A fixture may need a package the existing install lacks: name it rather than fail later.
missing="$(node -e '
  const pkg = require(process.argv[1]);
  const fs = require("fs");
  console.log(Object.keys(pkg.dependencies || {}).filter((name) => !fs.existsSync(process.argv[2] + "/node_modules/" + name)).join(" "));
' "$FIXTURE/package.json" "$SCRATCH")"
if [ -n "$missing" ]; then
  echo "build-with-docusaurus: $SCRATCH lacks $missing (dependencies of $NAME); install them there: (cd $SCRATCH && npm install $missing)" >&2
  exit 2
fi

SITE="$SCRATCH/sites/$NAME"
rm -rf "$SITE"
mkdir -p "$SITE"
# Copy the fixture, without anything a previous local run may have left in it.
tar -C "$FIXTURE" --exclude=./node_modules --exclude=./.docusaurus --exclude=./build -cf - . | tar -C "$SITE" -xf -

echo "build-with-docusaurus: $NAME with Docusaurus $(node -p "require('$SCRATCH/node_modules/@docusaurus/core/package.json').version"), Node $(node --version)"
rm -rf "$OUT"
start=$(date +%s)
(cd "$SITE" && "$DOCUSAURUS" build --out-dir "$OUT" "$@")
end=$(date +%s)

ROUTES="$(dirname "$OUT")/$(basename "$OUT").routes.txt"
# A route is a folder with an index.html (trailingSlash undefined or true: /docs/intro is
# docs/intro/index.html) or an .html file (trailingSlash false: docs/intro.html).
(cd "$OUT" && find . -name '*.html' | sed -e 's#^\.##' -e 's#/index\.html$#/#' -e 's#\.html$##' | sort) > "$ROUTES"
echo "build-with-docusaurus: built in $((end - start)) s into $OUT"
echo "build-with-docusaurus: HTML pages per locale (route list: $ROUTES)"
# The other locales are the output's top-level folders with a 404 page of their own.
others=()
for dir in "$OUT"/*/; do
  name="$(basename "$dir")"
  [ -f "$dir/404.html" ] && others+=("$name")
done
exclude=()
for locale in "${others[@]}"; do
  printf '  %-8s %s\n' "$locale" "$(grep -c "^/$locale/" "$ROUTES" || true)"
  exclude+=(-e "^/$locale/")
done
if [ ${#exclude[@]} -gt 0 ]; then
  printf '  %-8s %s\n' default "$(grep -vc "${exclude[@]}" "$ROUTES" || true)"
else
  printf '  %-8s %s\n' default "$(wc -l < "$ROUTES")"
fi
