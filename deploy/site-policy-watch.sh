#!/bin/sh
# Keeps nginx's Content-Security-Policy and redirects (_site/nginx-redirects.conf) those of the release it serves. Each release carries its own
# policy lines (_site/nginx-csp.conf, written from its _site/page-policy.json by
# scripts/src/security/content-security-policy.ts when the site image or sanity-webhook builds it): a
# build from Sanity may show images from hosts the image's own build did not have, or talk to another
# Typesense host. nginx reads its configuration only when it (re)loads, so when `current` points at a
# release with other policy lines, they are copied to SITE_CSP_CONF and nginx reloads; a policy that
# nginx -t refuses is put back as it was, and the release keeps the policy nginx had.
# The site image runs it from /docker-entrypoint.d/ without arguments, after deploy/site-release.sh:
# it applies the policy of the release served before nginx starts, then watches in the background.
#   site-policy-watch.sh --once      apply the current release's policy, reload nginx if it changed
#   site-policy-watch.sh --watch     check every SITE_POLICY_WATCH_INTERVAL seconds (default 5)
set -eu
root="${SITE_RELEASES_DIR:-/srv/site}"
csp_conf="${SITE_CSP_CONF:-/etc/nginx/site-csp.conf}"
redirects_conf="${SITE_REDIRECTS_CONF:-/etc/nginx/site-redirects.conf}"
nginx="${SITE_NGINX:-nginx}"
interval="${SITE_POLICY_WATCH_INTERVAL:-5}"

# Applies a file of the release `current` points at: $1 = its name under _site/, $2 = where nginx reads it,
# $3 = reload (nginx runs) or start, $4 = what it is, for the log.
apply_file() {
  policy="$root/current/_site/$1"
  conf="$2"
  if [ ! -f "$policy" ]; then
    return 0
  fi
  if [ -f "$conf" ] && cmp -s "$policy" "$conf"; then
    return 0
  fi
  # Refused once already: not tried again every few seconds.
  if [ -f "$conf.refused" ] && cmp -s "$policy" "$conf.refused"; then
    return 0
  fi
  release="$(basename "$(readlink "$root/current" 2>/dev/null || echo current)")"
  if [ -f "$conf" ]; then cp "$conf" "$conf.previous"; fi
  cp "$policy" "$conf.next"
  mv "$conf.next" "$conf"
  if [ "$3" = start ]; then
    echo "site-policy-watch: $4 of releases/$release in place"
    rm -f "$conf.previous"
    return 0
  fi
  if $nginx -t >/dev/null 2>&1 && $nginx -s reload; then
    echo "site-policy-watch: nginx reloaded with $4 of releases/$release"
    rm -f "$conf.previous"
  else
    echo "site-policy-watch: nginx refused $4 of releases/$release; keeping the one it had" >&2
    cp "$policy" "$conf.refused"
    if [ -f "$conf.previous" ]; then mv "$conf.previous" "$conf"; fi
  fi
}

# The policy, then the redirects (web/src/build/redirect-pages.ts) of the release served.
apply() {
  apply_file nginx-csp.conf "$csp_conf" "$1" "the policy"
  apply_file nginx-redirects.conf "$redirects_conf" "$1" "the redirects"
}

case "${1:-}" in
  '')
    apply start
    nohup sh "$0" --watch >/dev/stdout 2>/dev/stderr &
    ;;
  --once) apply reload ;;
  --watch)
    while :; do
      sleep "$interval"
      apply reload || echo "site-policy-watch: could not apply the policy of the current release" >&2
    done
    ;;
  *)
    echo "usage: site-policy-watch.sh [--once | --watch]" >&2
    exit 2
    ;;
esac
