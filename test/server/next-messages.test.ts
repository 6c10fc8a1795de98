import type { AddressInfo } from 'node:net';
import type { ExecutionResult } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { nextMessage, payloadOf, sendNext } from '../../src/server/next-messages.js';

/*
 * The `next` messages of a result many subscribers share: its JSON made once, each socket its own message around
 * it, over real WebSockets (a ws server, ws clients).
 */

let wss: WebSocketServer;
let url: string;
/** Each client's server-side socket, in the order the clients connected. */
const accepted: WebSocket[] = [];

beforeAll(async () => {
  wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  wss.on('connection', (socket) => accepted.push(socket));
  await new Promise((resolve) => wss.once('listening', resolve));
  url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const client of wss.clients) client.terminate();
  await new Promise((resolve) => wss.close(resolve));
});

/** A client and its socket on the server. */
async function pair(): Promise<{ client: WebSocket; served: WebSocket }> {
  const count = accepted.length;
  const client = new WebSocket(url);
  await new Promise((resolve, reject) => (client.once('open', resolve), client.once('error', reject)));
  while (accepted.length === count) await new Promise((resolve) => setImmediate(resolve));
  return { client, served: accepted[count] };
}

const received = (client: WebSocket) =>
  new Promise<{ text: string; binary: boolean }>((resolve) =>
    client.once('message', (data: Buffer, binary) => resolve({ text: data.toString('utf8'), binary })),
  );

const change: ExecutionResult = {
  data: {
    helpRequestChanged: { kind: 'UPDATED', request: { title: 'Café "au lait" \\ ☕ \u2028', adminNotes: null } },
  },
};

describe('one result, many next messages', () => {
  it('makes the JSON of a result once: every later ask gets the very same bytes', () => {
    const payload = payloadOf(change);
    expect(payloadOf(change)).toBe(payload);
    expect(payload.toString('utf8')).toBe(JSON.stringify(change));
    // An equal result that is another object (another group's execution) is another payload.
    expect(payloadOf(structuredClone(change))).not.toBe(payload);
  });

  it('writes, for each subscription id, the very message graphql-ws would have written for it', () => {
    for (const id of ['1', 'b7f1c2e0-4c1a-4d8e-9f00-3a1d2c4b5e6f', 'with "quotes" and ☕'])
      expect(nextMessage(id, change).toString('utf8')).toBe(JSON.stringify({ id, type: 'next', payload: change }));
  });

  it('sends each socket its own message in a text frame, the shared payload inside', async () => {
    const [a, b] = [await pair(), await pair()];
    const heard = [received(a.client), received(b.client)];
    await Promise.all([sendNext(a.served, 'a', change), sendNext(b.served, 'b', change)]);
    const [toA, toB] = await Promise.all(heard);
    expect(toA.binary).toBe(false);
    expect(toB.binary).toBe(false);
    expect(JSON.parse(toA.text)).toEqual({ id: 'a', type: 'next', payload: change });
    expect(JSON.parse(toB.text)).toEqual({ id: 'b', type: 'next', payload: change });
    a.client.close();
    b.client.close();
  });

  it('resolves at once on a socket that has closed, sending nothing', async () => {
    const { client, served } = await pair();
    const gone = new Promise((resolve) => served.once('close', resolve));
    client.terminate();
    await gone;
    await expect(sendNext(served, '1', change)).resolves.toBeUndefined();
  });

  it('lets a socket that does not read hold only its own messages, not another socket’s', async () => {
    const slow = await pair();
    const fast = await pair();
    slow.client.pause();
    // Far more than the loopback's socket buffers take: the slow socket's writes stop completing.
    const big: ExecutionResult = { data: { text: 'x'.repeat(1 << 20) } };
    let written = 0;
    const pending = Array.from({ length: 24 }, () => sendNext(slow.served, 's', big).then(() => written++));
    const heard = received(fast.client);
    await sendNext(fast.served, 'f', change);
    expect(JSON.parse((await heard).text)).toMatchObject({ id: 'f', type: 'next' });
    expect(written).toBeLessThan(24);
    slow.client.resume();
    await Promise.all(pending);
    expect(written).toBe(24);
    slow.client.close();
    fast.client.close();
  });
});
