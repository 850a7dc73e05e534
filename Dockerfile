# Red Herring — production image.
# Build:  docker build -t red-herring .
# Run:    docker run -d --name red-herring --env-file .env -v red-herring-data:/data red-herring

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
RUN npm run build && npm prune --omit=dev

# ---- runtime stage: only what the bot needs, as the non-root "node" user ----
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    DATABASE_PATH=/data/red-herring.db \
    LOG_LEVEL=info
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/drizzle ./drizzle
RUN mkdir -p /data && chown node:node /data
USER node
# The SQLite database (and its WAL files) live on this volume: keep it across upgrades.
VOLUME ["/data"]
CMD ["node", "--enable-source-maps", "dist/src/index.js"]
