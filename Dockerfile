# syntax=docker/dockerfile:1
# The store as one image: build the storefront, keep only what the server runs. See docs/deploy.md.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The server runs its TypeScript through tsx (a dependency), so after the storefront build no dev tool is needed.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim
# The commit store_build_info reports (docs/operations.md): the image has no .git to read it from.
ARG STORE_COMMIT=unknown
ENV STORE_COMMIT=$STORE_COMMIT
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Code and dependencies belong to root and are only read; the server may write nothing but /data.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json package-lock.json tsconfig.json ./
COPY config ./config
COPY server ./server
COPY db ./db
COPY contract ./contract
# The folders exist in the image so that a volume mounted on one of them (docs/deploy.md mounts one shared
# volume at /data/media) starts out owned by `node`, not by root.
RUN mkdir -p /data/media /data/uploads && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node itself is PID 1 and gets SIGTERM directly: no npm wrapper that would swallow it.
CMD ["node", "--import", "tsx", "--import", "./server/observability/tracing-preload.ts", "server/main.ts"]
