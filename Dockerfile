# Trellis gateway image. Runs as an unprivileged user; expects DATABASE_URL (and optionally REDIS_URL).
# Built in two stages: TypeScript is compiled once here, and the image runs the JavaScript (no loader, no compiler).
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts/build.mjs ./scripts/
COPY src ./src
RUN npm run build

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY schema ./schema
COPY --from=build /app/dist ./dist
USER node
EXPOSE 4000
ENV HOST=0.0.0.0 PORT=4000
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD node -e "fetch('http://127.0.0.1:4000/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node itself, not npm: SIGTERM from `docker stop` reaches the process that drains in-flight requests.
CMD ["node", "--experimental-async-context-frame", "--import", "./dist/platform/observability/register.js", "dist/main.js"]
