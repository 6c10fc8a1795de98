import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * USGS, FIRMS and Zippopotam on 127.0.0.1, answering in their published formats from test/risk/fixtures,
 * so the risk clients are exercised over real HTTP: status codes, bodies, timeouts and all.
 */

export const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

export type Route = 'seismic' | 'fire' | 'geocoder';

export type Behaviour =
  | { kind: 'normal' }
  /** Accept the connection and never answer: an upstream that has gone quiet. */
  | { kind: 'hang' }
  | { kind: 'status'; status: number; body?: string; contentType?: string }
  /** 200 with a body no client can read. */
  | { kind: 'garbage' };

export const FAKE_MAP_KEY = 'fake-firms-map-key-0123456789';

export interface FakeUpstream {
  seismicUrl: string;
  fireUrl: string;
  geocoderUrl: string;
  /** Requests received per route, hung ones included. */
  calls(route: Route): number;
  /** Full URLs received, for asserting query parameters. */
  requests(route: Route): URL[];
  /** The headers of each request received, in order (a traced gateway sends `traceparent`). */
  headers(route: Route): IncomingHttpHeaders[];
  set(route: Route, behaviour: Behaviour, options?: { delayMs?: number }): void;
  /** The seismic body for the normal behaviour; the default fixture has four events. */
  seismicBody: string;
  fireBody: string;
  reset(): void;
  close(): Promise<void>;
}

// 75073 stands for a ZIP newer than the embedded datasets; 34001 is a military ZIP the remote would place,
// which the service must still refuse without asking.
const ZIPPOPOTAM: Record<string, string> = {
  '34001': fixture('zippopotam-34001.json'),
  '75073': fixture('zippopotam-75073.json'),
};

function normalAnswer(
  route: Route,
  url: URL,
  fake: FakeUpstream,
): { status: number; body: string; contentType: string } {
  if (route === 'seismic') return { status: 200, body: fake.seismicBody, contentType: 'application/json' };
  if (route === 'geocoder') {
    const zip = url.pathname.split('/').pop() ?? '';
    const body = ZIPPOPOTAM[zip];
    return body
      ? { status: 200, body, contentType: 'application/json' }
      : { status: 404, body: '{}', contentType: 'application/json' };
  }
  // FIRMS: /api/area/csv/{MAP_KEY}/{SOURCE}/{west,south,east,north}/{DAY_RANGE}
  const [, mapKey, source, area, days] = url.pathname.split('/').slice(3);
  if (mapKey !== FAKE_MAP_KEY)
    return { status: 400, body: fixture('firms-invalid-map-key.txt'), contentType: 'text/plain' };
  const box = (area ?? '').split(',').map(Number);
  const validArea = box.length === 4 && box.every(Number.isFinite) && box[0] < box[2] && box[1] < box[3];
  if (!source || !validArea || !['1', '2', '3', '4', '5'].includes(days ?? '')) {
    return { status: 400, body: 'Invalid area coordinates or day range.', contentType: 'text/plain' };
  }
  return { status: 200, body: fake.fireBody, contentType: 'text/csv' };
}

const routeOf = (pathname: string): Route | undefined => {
  if (pathname.startsWith('/fdsnws/event/1/query')) return 'seismic';
  if (pathname.startsWith('/api/area/csv/')) return 'fire';
  if (pathname.startsWith('/zippopotam/us/')) return 'geocoder';
  return undefined;
};

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const behaviours = new Map<Route, { behaviour: Behaviour; delayMs: number }>();
  const received = new Map<Route, URL[]>();
  const receivedHeaders = new Map<Route, IncomingHttpHeaders[]>();
  const hung = new Set<ServerResponse>();

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = routeOf(url.pathname);
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    received.set(route, [...(received.get(route) ?? []), url]);
    receivedHeaders.set(route, [...(receivedHeaders.get(route) ?? []), req.headers]);
    const { behaviour, delayMs } = behaviours.get(route) ?? { behaviour: { kind: 'normal' }, delayMs: 0 };
    if (behaviour.kind === 'hang') {
      hung.add(res);
      res.on('close', () => hung.delete(res));
      return;
    }
    const answer =
      behaviour.kind === 'status'
        ? { status: behaviour.status, body: behaviour.body ?? '', contentType: behaviour.contentType ?? 'text/plain' }
        : behaviour.kind === 'garbage'
          ? {
              status: 200,
              body: '<html><body>502 Bad Gateway (cached by a proxy)</body></html>',
              contentType: 'text/html',
            }
          : normalAnswer(route, url, fake);
    setTimeout(() => res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body), delayMs);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeUpstream = {
    seismicUrl: `${base}/fdsnws/event/1/query`,
    fireUrl: `${base}/api/area/csv`,
    geocoderUrl: `${base}/zippopotam`,
    calls: (route) => received.get(route)?.length ?? 0,
    requests: (route) => received.get(route) ?? [],
    headers: (route) => receivedHeaders.get(route) ?? [],
    set: (route, behaviour, options = {}) => behaviours.set(route, { behaviour, delayMs: options.delayMs ?? 0 }),
    seismicBody: fixture('usgs-events.geojson'),
    fireBody: fixture('firms-viirs-snpp.csv'),
    reset() {
      behaviours.clear();
      received.clear();
      receivedHeaders.clear();
      fake.seismicBody = fixture('usgs-events.geojson');
      fake.fireBody = fixture('firms-viirs-snpp.csv');
      // Drop requests left hanging by the previous test. Idle keep-alive sockets stay: closing those under
      // the client's pool would make the next test's first request fail for reasons of the test's own making.
      for (const res of hung) res.socket?.destroy();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}
