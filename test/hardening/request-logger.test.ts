import { Writable } from 'node:stream';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildLogger } from '../../src/platform/hardening/logging.js';
import { requestLogger } from '../../src/platform/hardening/request-logger.js';

/** The per-request logger: what a request writes, at which level, with its id once and its secrets redacted. */

function appAt(level: string): { app: FastifyInstance; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    loggerInstance: buildLogger(level, stream) as FastifyBaseLogger,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    childLoggerFactory: requestLogger,
    genReqId: () => 'req-1',
  });
  app.get('/quiet', async (request) => {
    request.log.info('below the level');
    request.log.debug({ detail: 1 }, 'further below');
    return { level: request.log.level };
  });
  app.get('/loud', async (request) => {
    request.log.warn({ input: { password: 'Hunter2!x' } }, 'a warning');
    request.log.child({ part: 'child' }).error('from a child');
    return { ok: true };
  });
  app.get('/louder', async (request) => {
    request.log.level = 'debug';
    request.log.debug('now written');
    return { level: request.log.level };
  });
  return { app, lines };
}

let current: FastifyInstance | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

describe('the request logger', () => {
  it('writes nothing for a request whose lines are below the level, and reports the level it inherits', async () => {
    const { app, lines } = appAt('warn');
    current = app;
    const response = await app.inject('/quiet');
    expect(response.json()).toEqual({ level: 'warn' });
    expect(lines).toEqual([]);
  });

  it('writes a request’s lines once enabled, each with the request id once and secrets redacted, children included', async () => {
    const { app, lines } = appAt('warn');
    current = app;
    await app.inject('/loud');
    expect(lines.map((l) => [l.msg, l.requestId])).toEqual([
      ['a warning', 'req-1'],
      ['from a child', 'req-1'],
    ]);
    expect(lines[0]).toMatchObject({ input: { password: '[redacted]' } });
    expect(lines[1]).toMatchObject({ part: 'child' });
  });

  it('writes Fastify’s own request lines with the id at info', async () => {
    const { app, lines } = appAt('info');
    current = app;
    await app.inject('/quiet');
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'below the level', 'request completed']);
    for (const line of lines) expect(line.requestId).toBe('req-1');
  });

  it('lets one request raise its own level without changing another’s', async () => {
    const { app, lines } = appAt('warn');
    current = app;
    expect((await app.inject('/louder')).json()).toEqual({ level: 'debug' });
    expect((await app.inject('/quiet')).json()).toEqual({ level: 'warn' });
    // Its own "request completed" line too: the raised level is the request's for the rest of it.
    expect(lines.map((l) => [l.msg, l.requestId])).toEqual([
      ['now written', 'req-1'],
      ['request completed', 'req-1'],
    ]);
  });
});
