import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

/** Request body size and slow clients. */

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp({ HTTP_HEADERS_TIMEOUT_MS: '2000', HTTP_REQUEST_TIMEOUT_MS: '3000' });
  port = Number(new URL(t.url).port);
});
afterAll(() => t?.stop());

describe('request body size', () => {
  const limit = 1024 * 1024; // BODY_LIMIT_BYTES default
  const oversized = JSON.stringify({
    username: 'admin',
    password: 'x'.repeat(2 * 1024 * 1024),
    query: '{ __typename }',
  });

  const cases: Array<[string, (body: any) => void]> = [
    [
      '/graphql',
      (body) =>
        expect(body).toEqual({
          errors: [{ message: 'Request body is too large', extensions: { code: 'BAD_REQUEST' } }],
        }),
    ],
    ['/api/auth/login', (body) => expect(body).toEqual({ message: 'Request body is too large' })],
    ['/api/help/requests', (body) => expect(body).toEqual({ message: 'Request body is too large' })],
    ['/api/public/create_user', (body) => expect(body).toEqual({ error_message: 'Request body is too large' })],
  ];
  for (const [path, expectBody] of cases) {
    it(`answers a 2 MB body on ${path} with 413 in that API's error shape, without touching the database`, async () => {
      const { result, statements } = await t.countQueries(() =>
        t.request(path, { method: 'POST', body: oversized, headers: { 'content-type': 'application/json' } }),
      );
      expect(result.status).toBe(413);
      expectBody(result.body);
      expect(statements).toEqual([]);
    });
  }

  it('reads a body just under the limit normally (control)', async () => {
    const res = await t.request('/api/auth/login', {
      method: 'POST',
      json: { username: 'admin', password: 'x'.repeat(limit - 100) },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Invalid username or password' });
  });

  it('refuses an oversized body announced by its content-length before reading it', async () => {
    const socket = await open();
    const answer = collect(socket);
    socket.write(
      `POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n{"query":`,
    );
    const text = await answer.untilClosedOr(10_000);
    expect(text).toMatch(/^HTTP\/1\.1 413/);
    socket.destroy();
  });
});

describe('slow clients', () => {
  it('closes a connection whose headers trickle in one byte per second (slowloris)', async () => {
    const socket = await open();
    const answer = collect(socket);
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const drip = setInterval(() => socket.writable && socket.write('a'), 1000);
    try {
      const started = Date.now();
      const text = await answer.untilClosedOr(15_000);
      expect(answer.closed).toBe(true);
      expect(text).not.toMatch(/^HTTP\/1\.1 200/);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
  });

  it('closes a connection whose body trickles in after quick headers', async () => {
    const socket = await open();
    const answer = collect(socket);
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"username":"',
    );
    const drip = setInterval(() => socket.writable && socket.write('a'), 500);
    try {
      await answer.untilClosedOr(15_000);
      expect(answer.closed).toBe(true);
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
  });

  it('still serves a client that sends its request promptly', async () => {
    const socket = await open();
    const answer = collect(socket);
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(await answer.untilClosedOr(5_000)).toMatch(/^HTTP\/1\.1 200/);
  });
});

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

function collect(socket: Socket) {
  let text = '';
  const state = { closed: false };
  const closed = new Promise<void>((resolve) => {
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => {
      state.closed = true;
      resolve();
    });
    socket.on('error', () => undefined);
  });
  return {
    get closed() {
      return state.closed;
    },
    async untilClosedOr(ms: number): Promise<string> {
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, ms))]);
      return text;
    },
  };
}
