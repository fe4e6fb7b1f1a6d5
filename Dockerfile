# syntax=docker/dockerfile:1
# The production image: `docker compose up -d` (compose.yaml) or `docker build -t wise-parrot .`.
# See README, "Run it on a server".
# Node's current LTS (22); the site supports 20.19 and later (package.json "engines").
ARG NODE_IMAGE=node:22-bookworm-slim
# The PostgreSQL major of compose.yaml's database: the image's pg_dump and pg_restore (npm run backup / restore) must
# be of the server's major or newer, and a dump restores into the major it was made for.
ARG PG_MAJOR=16

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
ARG PG_MAJOR
# pg_dump and pg_restore of the database's major, from PostgreSQL's own Debian repository (Debian 12 has only 15);
# its signing key comes with Debian's postgresql-common.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
 && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
 && apt-get install -y --no-install-recommends "postgresql-client-${PG_MAJOR}" \
 && rm -rf /var/lib/apt/lists/*
# Everything the site writes lives in /data (a volume): SQLite's file, written e-mails, backups, exports, newer country data.
# build/bin holds the operator's commands: `wise-parrot staff grant owner you@example.com` (README).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=/data/wise-parrot.db \
    MAIL_DIR=/data/mail \
    BACKUP_DIR=/data/backups \
    EXPORT_DIR=/data/exports \
    COUNTRY_DATA_DIR=/data/countries \
    PATH=/app/build/bin:$PATH
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The same V8 heap flags as `npm run serve` (server/node-flags.ts). WEB_CONCURRENCY processes (default one per CPU).
CMD ["node", "--max-semi-space-size=8", "--max-old-space-size=192", "build/host/index.js"]
