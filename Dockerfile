# syntax=docker/dockerfile:1
# The journal portal: built with dev dependencies, run with production ones only, as a
# non-root user, with no compiler in the image.
#
#   docker build -t journal-portal .                                    # for a real backend
#   docker build --build-arg WITH_SANDBOX=1 -t journal-portal-demo .   # with the embedded sandbox
#
# WITH_SANDBOX=1 keeps the optional SQLite driver (better-sqlite3, a prebuilt binary for
# this platform) so the image can run the demo backend; without it the image needs
# JOURNAL_API_URL and refuses to start without one.

FROM node:20-slim AS build
ARG WITH_SANDBOX=0
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
# Optional dependencies (the SQLite driver) install only when asked for.
RUN if [ "$WITH_SANDBOX" = 1 ]; then npm ci --no-audit --no-fund; else npm ci --no-audit --no-fund --omit=optional; fi
COPY . .
RUN npm run build \
 && if [ "$WITH_SANDBOX" = 1 ]; then npm prune --omit=dev; else npm prune --omit=dev --omit=optional && rm -rf build/sandbox; fi

FROM node:20-slim AS runtime
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --chown=node:node package.json .env.example ./
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "build/portal/main.js"]
