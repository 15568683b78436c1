#!/bin/sh
# Run by the nginx image before nginx starts (/docker-entrypoint.d/): makes the build baked into this
# image a release of the shared SITE_RELEASES_DIR and serves it, unless a newer release is current
# there (one the sanity-webhook service published after this image was built). When the copy fails
# (a full volume), the partial copy is removed and the release already current, if any, stays served.
set -eu
root="${SITE_RELEASES_DIR:-/srv/site}"
baked="${SITE_IMAGE_DIR:-/opt/site}"
id="$(cat "$baked/release-id")"
mkdir -p "$root/releases"
# deploy/publish-site.sh takes the same lock (busybox has flock; without it, go on unlocked).
if command -v flock >/dev/null 2>&1; then
  exec 9>>"$root/.publish.lock"
  flock 9
fi

current=""
if [ -L "$root/current" ]; then current="$(basename "$(readlink "$root/current")")"; fi
if [ -n "$current" ] && [ -f "$root/releases/$current/index.html" ]; then
  newest="$(printf '%s\n%s\n' "$id" "$current" | sort | tail -n 1)"
  if [ "$newest" = "$current" ]; then
    echo "site-release: serving releases/$current (the image's build is $id)"
    exit 0
  fi
fi

if [ ! -f "$root/releases/$id/index.html" ]; then
  # Copies left by an earlier start or publish that did not finish hold space: remove them first.
  rm -rf "$root/releases/"*.tmp
  if ! { mkdir "$root/releases/$id.tmp" && cp -R "$baked/html/." "$root/releases/$id.tmp/"; }; then
    rm -rf "$root/releases/$id.tmp"
    if [ -n "$current" ] && [ -f "$root/releases/$current/index.html" ]; then
      echo "site-release: could not copy the image's build $id into $root (full?); still serving releases/$current" >&2
      exit 0
    fi
    echo "site-release: could not copy the image's build $id into $root (full?), and no release to serve" >&2
    exit 1
  fi
  rm -rf "$root/releases/$id"
  # On disk before it is served (see deploy/publish-site.sh).
  sync -f "$root/releases/$id.tmp" 2>/dev/null || sync
  mv "$root/releases/$id.tmp" "$root/releases/$id"
fi
# nginx is not running yet: replacing the link in two steps is safe here.
ln -sfn "releases/$id" "$root/current"
echo "site-release: serving releases/$id, the image's build"
