# syntax=docker/dockerfile:1
# Guichê: one image for every node of a deployment (docs/deploy.md).
# Build stage: install everything, build the server (tsc) and the web (rsbuild), then assemble the
# runtime tree with production dependencies only (scripts/image-recipe.mjs, the same script CI runs).
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund \
 && npx tsc -b \
 && npm run build:web \
 && node scripts/image-recipe.mjs /app

# Runtime stage: the assembled tree, run as the unprivileged node user.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Ready = the node should receive traffic (database, Redis, migrations, plugins fine; not draining).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node directly (not npm): SIGTERM reaches the server, which drains before exiting.
CMD ["node", "core/dist/bin/start.js"]
