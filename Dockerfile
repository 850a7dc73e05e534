# Red Herring — production image.
# Build:  docker build -t red-herring .
# Run:    docker run -d --name red-herring --env-file .env -v red-herring-data:/data red-herring
#         (with PostgreSQL and shards: docker compose up -d, see docker-compose.yml)
# Commands without starting the bot (uses the shipped build, no compiler needed):
#         docker run --rm --env-file .env red-herring npm run deploy-commands

# ---- build stage: compile TypeScript and the better-sqlite3 native addon ----
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
COPY scripts ./scripts
COPY drizzle ./drizzle
COPY drizzle-pg ./drizzle-pg
# `npm run build` also copies the local-play page (src/local/page) into dist/.
RUN npm run build && npm prune --omit=dev

# ---- runtime stage: only what the bot needs, as the non-root "node" user ----
FROM node:20-bookworm-slim
# ./data (the default DATABASE_PATH folder: red-herring.db, and local.db for LOCAL=1) is the
# /data volume. HEALTH_PORT serves /healthz on 127.0.0.1 inside the container only.
ENV NODE_ENV=production \
    LOG_LEVEL=info \
    HEALTH_PORT=8081
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/drizzle-pg ./drizzle-pg
# The fonts pictures are drawn with (src/discord/pictures/rasterise.ts finds ./assets/fonts).
COPY assets ./assets
COPY --from=build /app/scripts/build-if-needed.mjs /app/scripts/copy-page.mjs ./scripts/
RUN mkdir -p /data && chown node:node /data && ln -s /data /app/data
USER node
# The SQLite database (and its WAL files) live on this volume: keep it across upgrades.
VOLUME ["/data"]
# Healthy = the database answers and the gateway session is ready (src/health.ts). The slim
# image has no curl: node asks /healthz.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.HEALTH_PORT||8081)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/src/index.js"]
