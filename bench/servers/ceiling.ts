import Fastify from 'fastify';
import { announce } from './child.js';

/**
 * The ceiling: a bare Fastify route answering a fixed JSON body (the runner passes the gateway's own cached
 * wildfireRisk answer, so both serialise the same object). It is sent the very request (e) sends the gateway,
 * a POST with the same JSON body, which Fastify reads and parses as it would for any route. Nothing a real
 * route does with that request can be faster.
 */
const body = JSON.parse(process.env.BENCH_FIXED_BODY ?? '{"ok":true}') as object;
const app = Fastify({ logger: false });
app.post('/fixed', async () => body);
announce(await app.listen({ port: 0, host: '127.0.0.1' }), () => app.close());
