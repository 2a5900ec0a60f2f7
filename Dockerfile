# syntax=docker/dockerfile:1
# The journal portal: built with dev dependencies, run with production ones only, as a
# non-root user that cannot rewrite the application, with no compiler in the image.
#
#   podman build --format docker -t journal-portal .                                    # for a real backend
#   podman build --format docker --build-arg WITH_SANDBOX=1 -t journal-portal-demo .   # with the embedded sandbox
#
# (`docker build` works the same. Podman needs `--format docker`: the OCI format has no
# HEALTHCHECK.) WITH_SANDBOX=1 keeps the optional SQLite driver (better-sqlite3, compiled
# from source) and the sandbox, so the image can run the demo backend with no
# configuration; without it the image needs JOURNAL_API_URL and refuses to start without one.

# Node 20.20.2 on Debian 12 "bookworm", slim variant; the tag's manifest list was
#   sha256:2cf067cfed83d5ea958367df9f966191a942351a2df77d6f0193e162b5febfc0
# Where the registry is unreachable, scripts/image/stand-in-base.sh assembles a local image
# under this same name. Moving to a newer Node: docs/decisions/0030-container-base-image.md.
ARG NODE_IMAGE=node:20.20.2-bookworm-slim
# 1 keeps the embedded sandbox and its SQLite driver: the demo image.
ARG WITH_SANDBOX=0

FROM ${NODE_IMAGE} AS build
# Installed without install scripts, then the two the build needs are run: esbuild's binary
# check and the project's patches. Optional dependencies are installed: the build needs
# rollup's native package for this platform. `--prefer-offline`: packages already in npm's
# cache (one mounted for the build) are not asked of the registry again.
# Behind a proxy that re-signs TLS: its CA file, mounted for the build only (README, container).
ARG NODE_EXTRA_CA_CERTS
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --prefer-offline --ignore-scripts --no-audit --no-fund \
 && npm rebuild esbuild && npx patch-package --error-on-fail
COPY . .
RUN npm run build

# Production dependencies only; the SQLite driver and the sandbox only when asked for. Kept
# apart from the build stage, so the demo image reuses the same build. The driver (the
# version the lockfile holds) is compiled from source against this image's Node headers,
# never downloaded; the compiler stays in this stage. At -O1: half the compile time of the
# driver's -O3, and the demo's queries measured no slower (decision 0033).
FROM build AS app
ARG WITH_SANDBOX
RUN if [ "$WITH_SANDBOX" = 1 ]; then \
      apt-get update -qq && apt-get install -y -qq --no-install-recommends python3 make g++ >/dev/null \
      && CFLAGS=-O1 CXXFLAGS=-O1 npm_config_build_from_source=true npm_config_nodedir=/usr/local npm rebuild better-sqlite3 \
      && npm prune --omit=dev \
      && node -e "new (require('better-sqlite3'))(':memory:').close()" \
      && (cd node_modules/better-sqlite3 && rm -rf deps src build/Release/obj build/Release/obj.target build/Release/.deps build/deps); \
    else npm prune --omit=dev --omit=optional && rm -rf build/sandbox; fi

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production PORT=3000
# The runtime runs node alone: no package manager (npm carries node-gyp) in the image.
RUN rm -rf /usr/local/lib/node_modules /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack \
      /usr/local/bin/yarn /usr/local/bin/yarnpkg /opt/yarn-* /usr/local/include/node
WORKDIR /app
# Owned by root, readable by all: the user the app runs as cannot rewrite its code.
COPY --from=app /app/node_modules ./node_modules
COPY --from=app /app/build ./build
COPY package.json .env.example ./
# The one place the app writes: the demo sandbox's database and files.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# A heap limit that fits a 512 MiB container (the same as `npm start`; decision 0039).
CMD ["node", "--max-old-space-size=384", "build/portal/main.js"]
