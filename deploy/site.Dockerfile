# The static site: built from content/ with the public Typesense settings only, then served by nginx.
# The build is baked in at /opt/site; at start deploy/site-release.sh makes it a release of the shared
# /srv/site volume unless the sanity-webhook service has published a newer one there.
FROM node:22.12-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY schemas/package.json schemas/
COPY content-source/package.json content-source/
COPY importer/package.json importer/
COPY scripts/package.json scripts/
COPY web/package.json web/
COPY publish/package.json publish/
COPY studio/package.json studio/
COPY test-support/package.json test-support/
RUN npm ci --no-audit --no-fund --workspace @site/web --workspace @site/publish --workspace @site/scripts --workspace @site/importer --workspace @site/content-source --workspace @site/schemas --include-workspace-root
COPY . .
ARG NEXT_PUBLIC_TYPESENSE_HOST
ARG NEXT_PUBLIC_TYPESENSE_PORT
ARG NEXT_PUBLIC_TYPESENSE_PROTOCOL
ARG NEXT_PUBLIC_TYPESENSE_COLLECTION
ARG NEXT_PUBLIC_TYPESENSE_SEARCH_KEY
ENV NEXT_TELEMETRY_DISABLED=1
# The image is built only from a site whose internal links all resolve.
RUN npx tsx importer/src/cli.ts && npm run build -w @site/web && npx tsx scripts/src/check-links.ts web/out
# The pages' Content-Security-Policy, from what the build says they need, plus the image CDN of the
# Sanity project whose builds sanity-webhook publishes into this site later (public ids; declared here,
# after the build, so that the build above still reads content/).
ARG SANITY_PROJECT_ID
ARG SANITY_DATASET
# The release carries its policy lines (_site/nginx-csp.conf); deploy/site-policy-watch.sh gives nginx
# those of whichever release it serves, this one or a later one from sanity-webhook.
RUN npx tsx scripts/src/security/content-security-policy.ts --nginx web/out --sanity-images "${SANITY_PROJECT_ID}/${SANITY_DATASET}" --out web/out/_site/nginx-csp.conf && cp web/out/_site/nginx-csp.conf /app/site-csp.conf && cp web/out/_site/nginx-redirects.conf /app/site-redirects.conf
# Release names sort by time, like those of deploy/publish-site.sh.
RUN date -u +%Y%m%dT%H%M%SZ-image > /app/release-id

FROM nginx:1.27-alpine
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY deploy/nginx-page-headers.conf /etc/nginx/snippets/site-page-headers.conf
COPY deploy/nginx-file-headers.conf /etc/nginx/snippets/site-file-headers.conf
COPY --from=build /app/site-csp.conf /etc/nginx/site-csp.conf
COPY --from=build /app/site-redirects.conf /etc/nginx/site-redirects.conf
COPY deploy/site-release.sh /docker-entrypoint.d/40-site-release.sh
COPY deploy/site-policy-watch.sh /docker-entrypoint.d/45-site-policy-watch.sh
# The image's entrypoint runs only the executable scripts of /docker-entrypoint.d.
RUN chmod 755 /docker-entrypoint.d/40-site-release.sh /docker-entrypoint.d/45-site-policy-watch.sh
COPY --from=build /app/web/out /opt/site/html
COPY --from=build /app/release-id /opt/site/release-id
ENV SITE_RELEASES_DIR=/srv/site SITE_IMAGE_DIR=/opt/site
