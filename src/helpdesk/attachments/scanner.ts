import { connect } from 'node:net';

export type ScanVerdict = { clean: true } | { clean: false; signature: string };

/** Why a scan gave no verdict: clamd unreachable, too slow, or answering an error. Uploads then fail closed. */
export class ScannerUnavailableError extends Error {}

const CHUNK = 64 * 1024;

/**
 * Scans bytes with clamd's INSTREAM command over TCP: `zINSTREAM\0`, then chunks each prefixed by its length
 * (4 bytes, big-endian), then a zero length; clamd answers `stream: OK`, `stream: <name> FOUND`, or an error (a
 * stream over its StreamMaxLength among them). Anything but a clear verdict is an error: a file is accepted only
 * when clamd said it is clean.
 */
export async function scanWithClamd(
  target: { host: string; port: number },
  bytes: Buffer,
  timeoutMs = 30_000,
): Promise<ScanVerdict> {
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect({ host: target.host, port: target.port });
    const received: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy(new ScannerUnavailableError('clamd did not answer in time')));
    socket.on('error', (error) =>
      reject(
        error instanceof ScannerUnavailableError
          ? error
          : new ScannerUnavailableError(`clamd unreachable: ${error.message}`),
      ),
    );
    socket.on('data', (data) => received.push(data));
    socket.on('end', () => resolve(Buffer.concat(received).toString('utf8')));
    socket.on('connect', () => {
      socket.write('zINSTREAM\0');
      for (let offset = 0; offset < bytes.length; offset += CHUNK) {
        const chunk = bytes.subarray(offset, offset + CHUNK);
        const length = Buffer.alloc(4);
        length.writeUInt32BE(chunk.length);
        socket.write(length);
        socket.write(chunk);
      }
      socket.end(Buffer.alloc(4));
    });
  });
  const reply = answer.replace(/\0+$/, '').trim();
  if (reply === 'stream: OK') return { clean: true };
  const found = /^stream: (.+) FOUND$/.exec(reply);
  if (found) return { clean: false, signature: found[1] };
  throw new ScannerUnavailableError(`clamd gave no verdict: ${reply.slice(0, 200)}`);
}
