# The preview service: the web app run as a Next server for editors (`npm run preview`), which renders
# drafts in the studio's Presentation tool. It is built when the container starts (the build reads
# nothing secret, but keeping one command for both is what a developer runs too); the read token comes
# from the container's environment at run time only and never reaches a page.
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
ENV NEXT_TELEMETRY_DISABLED=1 PREVIEW_HOST=0.0.0.0 PREVIEW_PORT=3200
EXPOSE 3200
CMD ["bash", "tools/run.sh", "preview"]
