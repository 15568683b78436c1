# Sanity Studio, built with `sanity build` and served as static files by nginx. Only the public
# SANITY_STUDIO_* values are build arguments: editors sign in with their own Sanity account in the
# browser, so the image needs no token.
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
RUN npm ci --no-audit --no-fund --workspace @site/studio --workspace @site/schemas --include-workspace-root
COPY tsconfig.json ./
COPY schemas schemas
COPY studio studio
ARG SANITY_STUDIO_PROJECT_ID
ARG SANITY_STUDIO_DATASET=production
ARG SANITY_STUDIO_SITE_URL
ARG SANITY_STUDIO_PREVIEW_URL
RUN npm run build -w @site/studio

FROM nginx:1.27-alpine
COPY deploy/studio-nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/studio/dist /usr/share/nginx/html
