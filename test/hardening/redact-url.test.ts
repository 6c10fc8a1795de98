import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/platform/hardening/logging.js';

/** One set of rules for every URL that reaches a log: a request's path, or an upstream's URL in a failure reason. */
describe('redactUrl', () => {
  it.each([
    [
      'a MAP_KEY in the path',
      'https://firms.test/api/area/csv/abc123def/VIIRS_SNPP_NRT/1,2,3,4/5',
      ['abc123def'],
      'https://firms.test/api/area/csv/***/VIIRS_SNPP_NRT/1,2,3,4/5',
    ],
    ['a secret as it appears URL-encoded', 'https://x.test/k/a%2Fb%3D/q', ['a/b='], 'https://x.test/k/***/q'],
    ['credentials in userinfo', 'https://user:pa55@geo.test/us/90210', [], 'https://geo.test/us/90210'],
    [
      'a key-like query parameter',
      'https://geo.test/us/90210?api_key=s3cret&format=json',
      [],
      'https://geo.test/us/90210?api_key=***&format=json',
    ],
    ['a token query parameter', 'https://x.test/?token=abc', [], 'https://x.test/?token=***'],
    [
      'nothing secret',
      'https://earthquake.test/query?format=geojson&latitude=34.1',
      [],
      'https://earthquake.test/query?format=geojson&latitude=34.1',
    ],
    ['an unparseable URL still loses its known secrets', 'not a url abc123def', ['abc123def'], 'not a url ***'],
  ])('masks %s in an upstream URL', (_name, url, secrets, expected) => {
    expect(redactUrl(url, secrets, '***')).toBe(expected);
  });

  it.each([
    [
      'a password and a document in the query',
      '/graphql?query=%7B%20me%20%7D&password=hunter2',
      '/graphql?query=[redacted]&password=[redacted]',
    ],
    [
      'a token in the query',
      '/api/help/requests?access_token=abc&page=2',
      '/api/help/requests?access_token=[redacted]&page=2',
    ],
    ['a signature in the query', '/files?name=a.txt&sig=abc', '/files?name=a.txt&sig=[redacted]'],
    ['a token-shaped path segment', '/x/eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl', '/x/[redacted-token]'],
    ['nothing secret', '/api/help/requests?page=2&per_page=10', '/api/help/requests?page=2&per_page=10'],
  ])('masks %s in a request URL', (_name, url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
