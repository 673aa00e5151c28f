# syntax=docker/dockerfile:1
# The portal as one image: the compiled server (server/dist), the built web app (web/dist) and the server's production
# dependencies, run as the unprivileged `node` user. `docker build -t loyalty-portal .`, or `docker compose up` with
# compose.yaml beside this file. Everything it runs is also run without containers: README, "Running in production".
#
# Stages: deps (every dependency, for building) → build (`npm run build`: web app and server) → prod-deps (the server's
# production dependencies only) → runtime (what the three leave, on a fresh Node image: no TypeScript loader, no
# compiler, no build tools, no source but the SQL migrations and the reference data the server reads at run time).
ARG NODE_IMAGE=node:24-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# The manifests first, so that a change of source alone reuses the installed dependencies.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# `npm ci --omit=dev --workspace server` still installs that workspace's devDependencies (tsx, esbuild, the type
# packages): an npm bug with workspaces. Without them in its manifest (this stage's copy only), the versions still come
# from the lock file. The contract is bundled into server/dist, so its workspace link is dropped too.
RUN node -e "const fs=require('fs');const f='server/package.json';const p=JSON.parse(fs.readFileSync(f,'utf8'));delete p.devDependencies;fs.writeFileSync(f,JSON.stringify(p,null,2))" \
  && npm ci --omit=dev --workspace server --no-audit --no-fund \
  && rm -rf node_modules/@portal \
  && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
# APP_ENV=production requires PUBLIC_URL, SMTP_URL and APP_SECRET at start; production runs on PostgreSQL (DATABASE_URL).
# DATA_DIR holds kept exports, uploads waiting for an import and content images: a volume, shared by every instance.
ENV NODE_ENV=production \
    APP_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/server/package.json server/
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/server/src/db/migrations server/src/db/migrations
COPY --from=build /app/server/reference-data server/reference-data
COPY --from=build /app/web/dist web/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# Liveness: /healthz answers while the process and its event loop do, without touching the database (readiness, for a
# load balancer, is /readyz). An image built from a version without /healthz: check /api/v1/meta instead.
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Other commands of the same image: `node server/dist/migrate.js` (schema and reference data, then exits),
# `node server/dist/create-admin.js` (the first Super Admin; needs a terminal: docker compose run --rm -it …).
CMD ["node", "--enable-source-maps", "server/dist/main.js"]
