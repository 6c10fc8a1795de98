import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in OTLP/HTTP collector for the traced gateway (`--otel`): it accepts every export and counts it. */
export interface OtelReceiver {
  url: string;
  /** Export requests received, and their bytes (protobuf bodies). */
  exports(): { requests: number; bytes: number };
  close(): Promise<void>;
}

export async function startOtelReceiver(): Promise<OtelReceiver> {
  let requests = 0;
  let bytes = 0;
  const server = createServer((request, response) => {
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      requests++;
      // An empty ExportTraceServiceResponse: every span accepted.
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exports: () => ({ requests, bytes }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
