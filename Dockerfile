# syntax=docker/dockerfile:1
# Inkooporders as one image: the client and the server built at image build time, so `npm start`
# finds both up to date and only starts the server. Node 24 LTS (package.json's engines: 22.12+, 24
# and 26; .ci/run tests 24 and 26). Not built on the development machine (it has no Docker): kept
# simple enough to check by reading — see the README's deploy section.

# ---- build: all dependencies, both builds, then only what runs ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The client (Vite) and the server (esbuild bundle into dist/server, with the password child).
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# ---- run: Node, Debian's Chromium for the PDFs, fonts, no compilers, not root ----
FROM node:24-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-dejavu-core fonts-liberation ca-certificates \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    CHROMIUM_PATH=/usr/bin/chromium
WORKDIR /app
# COPY --from keeps the build stage's modification times: dist/ stays newer than its sources, and
# the packages recorded beside each build (dist/*.inputs.json) are still the installed ones (npm prune
# took only dev packages, which the check passes over once they are gone), so the start-up's
# staleness check (scripts/build/staleness.mjs) builds nothing.
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# What `npm start` runs, without npm in between: SIGTERM reaches start.mjs, which runs the server in
# its own process: it drains its requests and exits.
CMD ["node", "scripts/start.mjs"]
