#!/bin/sh
# Hands a built site to nginx: copies it into a new release folder of SITE_RELEASES_DIR (the volume the
# site service serves), sharing the files that did not change with the current release (hard links),
# then points the `current` link at it in one rename, so readers never get a half-copied site. Keeps the newest SITE_RELEASES_KEEP releases (default 3) and the current one.
# A publish that fails (a full disk, a kill) leaves nothing behind: its own copy is removed on the way
# out, and copies left by a publish that could not clean up (killed) are removed by the next one,
# before it copies, so that the space they hold is free again.
#   sh deploy/publish-site.sh web/out
set -eu
src="${1:-web/out}"
root="${SITE_RELEASES_DIR:?SITE_RELEASES_DIR must name the folder the site service serves}"
keep="${SITE_RELEASES_KEEP:-3}"
case "$keep" in ''|*[!0-9]*|0) echo "publish-site: SITE_RELEASES_KEEP must be a number of releases (1 or more), got \"$keep\"" >&2; exit 2 ;; esac
[ -f "$src/index.html" ] || { echo "publish-site: $src/index.html is missing: no built site to publish" >&2; exit 1; }
# web/out is a link to the build (tools/build-aside.sh): copy what it points at.
src="$(cd "$src" && pwd -P)"

mkdir -p "$root/releases"
# One publish at a time; deploy/site-release.sh takes the same lock.
exec 9>>"$root/.publish.lock"
flock 9

# Names sort by time: the site image's own build (…-image) and webhook builds (…-webhook-…) compare.
id="$(date -u +%Y%m%dT%H%M%SZ)-webhook-$$"
tmp="$root/releases/$id.tmp"
link="$root/.current-$$"
published=0
cleanup() {
  status=$?
  if [ "$published" -eq 0 ]; then
    rm -rf "$tmp" "$root/releases/$id"
    rm -f "$link"
    [ "$status" -eq 0 ] || echo "publish-site: failed (exit $status); removed the partial copy; readers still get the release they had" >&2
  fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

for stale in "$root/releases/"*.tmp "$root/".current-*; do
  [ -e "$stale" ] || [ -L "$stale" ] || continue
  echo "publish-site: removing $(basename "$stale"), left by a publish that did not finish" >&2
  rm -rf "$stale"
done

mkdir "$tmp"
# Files the current release has with the same bytes become hard links to it (an incremental publish
# changes a few pages: the volume gains those, not a whole copy). Other files are copied.
current_dir=""
if [ -L "$root/current" ] && [ -d "$root/current/" ]; then current_dir="$(cd "$root/current/" && pwd -P)"; fi
if [ -n "$current_dir" ]; then
  (cd "$src" && find . -type d) | while IFS= read -r dir; do mkdir -p "$tmp/$dir"; done
  (cd "$src" && find . ! -type d) | while IFS= read -r file; do
    if [ -f "$src/$file" ] && [ ! -L "$src/$file" ] && [ -f "$current_dir/$file" ] && cmp -s "$src/$file" "$current_dir/$file" && ln "$current_dir/$file" "$tmp/$file" 2>/dev/null; then
      continue
    fi
    cp -P "$src/$file" "$tmp/$file"
  done
  echo "publish-site: unchanged files shared with $(basename "$current_dir") (hard links)"
else
  cp -R "$src/." "$tmp/"
fi
# On disk before it is served: a power loss after the swap must find whole files, not pages still in the
# page cache (syncfs of the volume's file system; a plain sync where -f is not known).
sync -f "$tmp" 2>/dev/null || sync
mv "$tmp" "$root/releases/$id"
ln -s "releases/$id" "$link"
# rename(2) over the old link: nginx resolves `current` per request and sees either release, never neither.
mv -T "$link" "$root/current"
sync -f "$root" 2>/dev/null || sync
published=1
echo "publish-site: readers now get releases/$id"

ls -1 "$root/releases" | grep -v '\.tmp$' | sort -r | tail -n +"$((keep + 1))" | while read -r old; do
  [ "$old" = "$id" ] || rm -rf "${root:?}/releases/$old"
done
