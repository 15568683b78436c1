# The sanity-webhook service: the whole repository with every dependency, since a publish runs the
# same `npm run build` and `npm run search:index` as a developer's machine. No secret is built in:
# the webhook secret, the Sanity token and the Typesense admin key come from the container's environment.
FROM node:22.12-bookworm-slim
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
RUN npm ci --no-audit --no-fund
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1 WEBHOOK_PORT=4100 SITE_RELEASES_DIR=/srv/site
EXPOSE 4100
CMD ["npx", "tsx", "scripts/src/sanity/webhook-server.ts"]
