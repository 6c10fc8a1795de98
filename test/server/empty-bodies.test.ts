import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treatEmptyJsonBodiesAsNone } from '../../src/server/empty-bodies.js';

/** Fastify's own JSON parser stays in place; only an announced-empty JSON body is let through as no body. */
const fastify = Fastify();
beforeAll(async () => {
  treatEmptyJsonBodiesAsNone(fastify);
  fastify.route({
    url: '/echo',
    method: ['POST', 'DELETE'],
    handler: async (request) => ({ body: request.body ?? 'none' }),
  });
  await fastify.ready();
});
afterAll(() => fastify.close());

const send = (method: 'POST' | 'DELETE', payload: string, contentType: string) =>
  fastify.inject({ method, url: '/echo', payload, headers: { 'content-type': contentType } });

describe('an empty body sent with a JSON content type', () => {
  it('is no body, for a DELETE as for a POST', async () => {
    for (const method of ['DELETE', 'POST'] as const) {
      const res = await send(method, '', 'application/json; charset=utf-8');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ body: 'none' });
    }
  });

  it('leaves a JSON body to Fastify: parsed when well formed, refused with a 400 when not', async () => {
    expect((await send('POST', '{"a":1}', 'application/json')).json()).toEqual({ body: { a: 1 } });
    expect((await send('POST', '{"a":', 'application/json')).statusCode).toBe(400);
    expect((await send('POST', '{"__proto__":{"x":1}}', 'application/json')).statusCode).toBe(400);
  });

  it('leaves other content types alone', async () => {
    expect((await send('POST', '', 'application/xml')).statusCode).toBe(415);
  });
});
