# CivicWatch for self-hosting: `docker compose up` (docker-compose.yml) or this image alone with the
# embedded database kept in the /app/data volume. No container engine runs where CivicWatch is developed:
# scripts/replay-image.ts replays both stages and starts the result in `make test` (README "Docker Compose").

# Build: every dependency, the development tools included (vite), to build the web app.
FROM node:24-bookworm-slim AS build
WORKDIR /app
# The manifests first: the installed packages stay cached until one of them changes.
COPY package.json package-lock.json ./
COPY core/package.json core/
COPY adapters/package.json adapters/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/cli/package.json apps/cli/
COPY features/package.json features/
RUN npm ci --no-audit --no-fund --loglevel=error
COPY . .
# Then only the production dependencies are kept for the runtime stage.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund --loglevel=error

# Runtime: the production dependencies, the TypeScript sources the server runs through tsx (ADR 0004) and the
# built web app. Owned by root, so the server cannot change its own code.
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules node_modules/
COPY --from=build /app/core core/
COPY --from=build /app/adapters adapters/
COPY --from=build /app/apps/api apps/api/
COPY --from=build /app/apps/cli apps/cli/
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/apps/web/dist apps/web/dist/
# The data directory belongs to the base image's `node` user (uid 1000), who runs the server.
RUN mkdir -p data && chown 1000:1000 data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `node` itself as the container's first process, so that `docker stop`'s SIGTERM reaches the server, which
# finishes its requests and closes the database. The embedded database migrates itself on start.
CMD ["node", "apps/cli/bin/civicwatch.mjs", "serve"]
