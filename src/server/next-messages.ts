import type { ExecutionResult } from 'graphql';
import { WebSocket } from 'ws';

/**
 * The `next` messages of a result that many subscribers share. One change reaches every subscriber at once, and
 * those who see it alike (the same principal, document, variables and event: see SharedWork) share one execution
 * and so one result object; its JSON is made once for all of them, as Hasura multiplexes, and each socket gets
 * its own message around it: `{"id":"…","type":"next","payload":…}`, the text graphql-ws would have made
 * (graphql-ws has no hook that takes a serialised payload, and serialises each subscriber's anew).
 *
 * Only a result without errors is shared this way: errors are formatted and logged for each subscriber by
 * graphql-ws's hooks, as before. The text is kept by the result object itself (a WeakMap), so it lives as long as
 * the shared result and no longer; nothing here can hand one subscriber another's result.
 */
const payloads = new WeakMap<ExecutionResult, Buffer>();

/** The result's JSON as UTF-8, made the first time it is asked for and the same bytes afterwards. */
export function payloadOf(result: ExecutionResult): Buffer {
  let payload = payloads.get(result);
  if (!payload) payloads.set(result, (payload = Buffer.from(JSON.stringify(result))));
  return payload;
}

/** The `next` message of subscription `id` carrying `result`: one buffer, the payload copied in, not encoded again. */
export function nextMessage(id: string, result: ExecutionResult): Buffer {
  const payload = payloadOf(result);
  const head = `{"id":${JSON.stringify(id)},"type":"next","payload":`;
  const headLength = Buffer.byteLength(head);
  const message = Buffer.allocUnsafe(headLength + payload.length + 1);
  message.write(head, 0, 'utf8');
  payload.copy(message, headLength);
  message[message.length - 1] = 0x7d; // }
  return message;
}

/**
 * Sends subscription `id`'s `next` message with `result` on the socket, through ws's public `send`. Resolves once
 * the message is written (so the subscription takes its next change only then, as graphql-ws's own loop does),
 * or at once on a socket that is no longer open, which graphql-ws is about to clean up; only that socket's
 * subscriptions ever wait on it.
 */
export function sendNext(socket: WebSocket, id: string, result: ExecutionResult): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.readyState !== WebSocket.OPEN) return resolve();
    // A text frame: ws would send a Buffer as binary, which a browser's client hands over as a Blob.
    socket.send(nextMessage(id, result), { binary: false }, (error) => (error ? reject(error) : resolve()));
  });
}
