#!/bin/sh
# Hands a built site to nginx: copies it into a new release folder of SITE_RELEASES_DIR (the volume the
# site service serves), then points the `current` link at it in one rename, so readers never get a
# half-copied site. Keeps the newest SITE_RELEASES_KEEP releases (default 3) and the current one.
#   sh deploy/publish-site.sh web/out
set -eu
src="${1:-web/out}"
root="${SITE_RELEASES_DIR:?SITE_RELEASES_DIR must name the folder the site service serves}"
keep="${SITE_RELEASES_KEEP:-3}"
case "$keep" in ''|*[!0-9]*|0) echo "publish-site: SITE_RELEASES_KEEP must be a number of releases (1 or more), got \"$keep\"" >&2; exit 2 ;; esac
[ -f "$src/index.html" ] || { echo "publish-site: $src/index.html is missing: no built site to publish" >&2; exit 1; }

# Names sort by time: the site image's own build (…-image) and webhook builds (…-webhook-…) compare.
id="$(date -u +%Y%m%dT%H%M%SZ)-webhook-$$"
mkdir -p "$root/releases"
cp -R "$src" "$root/releases/$id.tmp"
mv "$root/releases/$id.tmp" "$root/releases/$id"
ln -s "releases/$id" "$root/.current-$$"
# rename(2) over the old link: nginx resolves `current` per request and sees either release, never neither.
mv -T "$root/.current-$$" "$root/current"
echo "publish-site: readers now get releases/$id"

ls -1 "$root/releases" | grep -v '\.tmp$' | sort -r | tail -n +"$((keep + 1))" | while read -r old; do
  [ "$old" = "$id" ] || rm -rf "${root:?}/releases/$old"
done
