# Complivue: one image for the API and the web app it serves.
# docker build -t complivue . && docker run -p 3000:3000 -v complivue-data:/app/data \
#   -e AUTH_SECRET=… -e APP_URL=https://… complivue          (see docs/deploy.md)

# Build: every dependency, then the web app and the compiled server (npm run build).
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/db/package.json packages/db/
COPY packages/shared/package.json packages/shared/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Run: production dependencies only, the build outputs, and the files the server reads at run
# time, each at its place in the repository's layout (the compiled server looks for them there).
FROM node:22-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/db/package.json packages/db/
COPY packages/shared/package.json packages/shared/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/assets apps/api/assets
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/content/help apps/web/content/help
COPY --from=build /app/packages/db/migrations packages/db/migrations
COPY --from=build /app/packages/db/content packages/db/content
# DATA_DIR (./data): the embedded database, the files and nothing else the image needs to write.
RUN mkdir data && chown node:node data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# Slim images have no curl; Node 22's fetch asks the server itself.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself as PID 1 (not npm), so SIGTERM reaches the server and it shuts down gracefully.
CMD ["node", "--enable-source-maps", "apps/api/dist/main.js"]
