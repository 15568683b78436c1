# The static site: built with the public Typesense settings only, then served by nginx.
FROM node:22.12-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY schemas/package.json schemas/
COPY scripts/package.json scripts/
COPY web/package.json web/
COPY studio/package.json studio/
RUN npm ci --no-audit --no-fund --workspace @site/web --workspace @site/scripts --workspace @site/schemas --include-workspace-root
COPY . .
ARG NEXT_PUBLIC_TYPESENSE_HOST
ARG NEXT_PUBLIC_TYPESENSE_PORT
ARG NEXT_PUBLIC_TYPESENSE_PROTOCOL
ARG NEXT_PUBLIC_TYPESENSE_COLLECTION
ARG NEXT_PUBLIC_TYPESENSE_SEARCH_KEY
ENV NEXT_TELEMETRY_DISABLED=1
RUN npx tsx scripts/src/import/cli.ts && npm run build -w @site/web

FROM nginx:1.27-alpine
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/web/out /usr/share/nginx/html
