// The peer: PostGraphile 5 over the gateway's own tables, with its JWT preset (a bearer token's claims become
// jwt.claims.* settings in PostgreSQL). Plain JavaScript, so the gateway's typecheck never needs bench's own
// dependencies installed.
import { createServer } from 'node:http';
import { postgraphile } from 'postgraphile';
import { grafserv } from 'postgraphile/grafserv/node';
import { makePgService } from 'postgraphile/adaptors/pg';
import { PostGraphileAmberPreset } from 'postgraphile/presets/amber';
import { PgLazyJWTPreset } from 'postgraphile/presets/lazy-jwt';
import { announce } from './child.js';

const preset = {
  extends: [PostGraphileAmberPreset, PgLazyJWTPreset],
  pgServices: [
    makePgService({ connectionString: process.env.DATABASE_URL, schemas: ['public'], poolConfig: { max: 10 } }),
  ],
  schema: { pgJwtSecret: process.env.BENCH_JWT_SECRET },
  grafserv: { graphqlPath: '/graphql', graphiql: false, watch: false },
  grafast: { explain: false },
};

const pgl = postgraphile(preset);
const serv = pgl.createServ(grafserv);
const server = createServer();
serv.addTo(server);
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();
announce(`http://127.0.0.1:${port}`, async () => {
  await new Promise((resolve) => server.close(resolve));
  await pgl.release();
});
