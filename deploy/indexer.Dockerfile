# The search indexer: imports content/ (or reads Sanity when SANITY_* are set) and runs the
# Typesense index job every SEARCH_INDEX_INTERVAL seconds, incrementally after the first run.
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
RUN npm ci --no-audit --no-fund --workspace @site/scripts --workspace @site/importer --workspace @site/content-source --workspace @site/schemas --include-workspace-root
COPY tsconfig.json ./
COPY schemas schemas
COPY content-source content-source
COPY importer importer
COPY scripts scripts
COPY content content
COPY deploy/indexer-loop.sh deploy/
CMD ["sh", "deploy/indexer-loop.sh"]
