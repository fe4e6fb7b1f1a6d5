# syntax=docker/dockerfile:1
# The production image: `docker compose up -d` (compose.yaml) or `docker build -t wise-parrot .`.
# See README, "Run it on a server".
ARG NODE_IMAGE=node:20-bookworm-slim

# --- build: production dependencies (the build tooling is among them) and the production build ---
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# better-sqlite3 compiles itself where no prebuilt binary fits the platform.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY . .
# The prerendered pages carry PUBLIC_URL and the site identity: build with the values the server will run with
# (otherwise the server renders those pages per request and says so in its log).
ARG PUBLIC_URL=http://localhost:3000
RUN PUBLIC_URL="$PUBLIC_URL" npm run build \
 && npm rm --no-save --no-audit --no-fund --omit=dev @react-router/dev vite @tailwindcss/vite tailwindcss tsx esbuild typescript \
 && npm cache clean --force

# --- runtime: the build and what it imports, nothing else; not root ---
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=/data/wise-parrot.db \
    MAIL_DIR=/data/mail
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# SQLite's file and written e-mails live in /data (a volume), the only place the server writes.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The same V8 heap flags as `npm run serve` (server/node-flags.ts). WEB_CONCURRENCY processes (default one per CPU).
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=192", "build/host/index.js"]
