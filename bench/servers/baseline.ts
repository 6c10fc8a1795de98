import pg from 'pg';
import { buildBaseline } from './baseline-app.js';
import { announce } from './child.js';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_MAX ?? 10) });
const app = buildBaseline(pool);
announce(await app.listen({ port: 0, host: '127.0.0.1' }), async () => {
  await app.close();
  await pool.end();
});
