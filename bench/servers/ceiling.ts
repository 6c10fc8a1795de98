import Fastify from 'fastify';
import { announce } from './child.js';

/**
 * The ceiling: a bare Fastify route answering a fixed JSON body (the runner passes the gateway's own cached
 * wildfireRisk answer, so both serialise the same object). Nothing a real route does can be faster.
 */
const body = JSON.parse(process.env.BENCH_FIXED_BODY ?? '{"ok":true}') as object;
const app = Fastify({ logger: false });
app.get('/fixed', async () => body);
announce(await app.listen({ port: 0, host: '127.0.0.1' }), () => app.close());
