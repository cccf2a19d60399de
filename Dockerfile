# syntax=docker/dockerfile:1
# Multi-stage: dependencies, build, slim runtime. The runtime stage carries
# production dependencies only and runs as an unprivileged user.

FROM node:24-bookworm-slim AS deps
WORKDIR /app
# The theme package is a workspace: npm ci needs its manifest to link it.
COPY package.json package-lock.json ./
COPY packages/theme/package.json ./packages/theme/
# npm ci applies these to the installed packages (patches/README.md).
COPY patches ./patches
RUN npm ci

FROM deps AS build
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/theme/package.json ./packages/theme/
COPY patches ./patches
RUN npm ci --omit=dev

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# node_modules/react-router-theme links here; the server bundle imports it at run time.
COPY --from=build /app/packages/theme/package.json ./packages/theme/
COPY --from=build /app/packages/theme/dist ./packages/theme/dist
COPY package.json ./
# The server (server/, run by Node's type stripping) reaches the app only
# through the build's server seam, so no app/ source is needed here;
# tests/dockerfile.test.ts holds this to what server/ imports.
COPY server ./server
COPY content ./content
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node directly (not npm), so SIGTERM reaches the server and it drains.
# A young generation of 8 MB per semi-space rather than V8's default of up
# to 64: the server keeps about 100 MB, and V8 otherwise grows the young
# generation to over 130 MB under load and keeps it. It costs some CPU per
# request (BENCHMARKS.md); drop it where CPU is scarcer than memory.
CMD ["node", "--max-semi-space-size=8", "--enable-source-maps", "server/index.ts"]
