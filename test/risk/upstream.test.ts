import { describe, expect, it, vi } from 'vitest';
import { UpstreamUnavailableError } from '../../src/risk/errors.js';
import { fetchWithPolicy, type Fetch } from '../../src/risk/upstream.js';

type Outcome = number | 'network' | 'timeout';

/** A fetch that plays outcomes in order: an HTTP status, a refused connection, or silence until aborted. */
function scriptedFetch(outcomes: Outcome[]) {
  const queue = [...outcomes];
  return vi.fn<Fetch>(async (_url, init) => {
    const outcome = queue.shift() ?? 200;
    if (outcome === 'network')
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      });
    if (outcome === 'timeout') {
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    }
    return new Response(`body ${outcome}`, { status: outcome });
  });
}

const policy = (fetch: Fetch, extra: Partial<Parameters<typeof fetchWithPolicy>[1]> = {}) => {
  const sleep = vi.fn(async (_ms: number) => {});
  return { sleep, options: { fetch, timeoutMs: 20, upstream: 'seismic' as const, sleep, random: () => 0.5, ...extra } };
};

describe('fetchWithPolicy', () => {
  it.each<{ outcomes: Outcome[]; calls: number; status: number }>([
    { outcomes: [200], calls: 1, status: 200 },
    { outcomes: [404], calls: 1, status: 404 },
    { outcomes: [400], calls: 1, status: 400 },
    { outcomes: [401], calls: 1, status: 401 },
    { outcomes: [500, 200], calls: 2, status: 200 },
    { outcomes: [503, 200], calls: 2, status: 200 },
    { outcomes: [429, 200], calls: 2, status: 200 },
    { outcomes: ['network', 200], calls: 2, status: 200 },
    { outcomes: ['timeout', 200], calls: 2, status: 200 },
    { outcomes: [500, 404], calls: 2, status: 404 },
  ])('$outcomes → $calls call(s), then HTTP $status', async ({ outcomes, calls, status }) => {
    const fetch = scriptedFetch(outcomes);
    const { options } = policy(fetch);
    const response = await fetchWithPolicy('http://upstream.test/q', options);
    expect(response.status).toBe(status);
    expect(response.body).toBe(`body ${status}`);
    expect(fetch).toHaveBeenCalledTimes(calls);
  });

  it.each<{ outcomes: Outcome[]; reason: string }>([
    { outcomes: [500, 502], reason: 'HTTP 502' },
    { outcomes: [429, 429], reason: 'HTTP 429' },
    { outcomes: ['network', 'network'], reason: 'network error (ECONNREFUSED)' },
    { outcomes: ['timeout', 'timeout'], reason: 'timed out after 20 ms' },
    { outcomes: [503, 'timeout'], reason: 'timed out after 20 ms' },
  ])('gives up after two attempts on $outcomes with "$reason"', async ({ outcomes, reason }) => {
    const fetch = scriptedFetch([...outcomes, 200]);
    const { options } = policy(fetch);
    const failure = await fetchWithPolicy('http://upstream.test/q', options).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UpstreamUnavailableError);
    expect((failure as UpstreamUnavailableError).upstream).toBe('seismic');
    expect((failure as UpstreamUnavailableError).reason).toContain(reason);
    expect((failure as Error).message).toBe('Upstream service unavailable');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not retry when retries is 0', async () => {
    const fetch = scriptedFetch([500, 200]);
    const { options } = policy(fetch, { retries: 0 });
    await expect(fetchWithPolicy('http://upstream.test/q', options)).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each([
    [0, 100],
    [0.5, 200],
    [0.9999, 299],
  ])('waits a jittered 100–300 ms before the retry (random %d → %d ms)', async (random, ms) => {
    const fetch = scriptedFetch([503, 200]);
    const { options, sleep } = policy(fetch, { random: () => random });
    await fetchWithPolicy('http://upstream.test/q', options);
    expect(sleep).toHaveBeenCalledTimes(1);
    expect(sleep).toHaveBeenCalledWith(ms);
  });

  it('does not wait when the first attempt succeeds', async () => {
    const { options, sleep } = policy(scriptedFetch([200]));
    await fetchWithPolicy('http://upstream.test/q', options);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('stops at once on a body no retry can fix, whatever the status', async () => {
    const fetch = scriptedFetch([500, 200]);
    const fatal = new Error('bad key');
    const { options } = policy(fetch, { fatalBody: (r) => (r.body === 'body 500' ? fatal : undefined) });
    await expect(fetchWithPolicy('http://upstream.test/q', options)).rejects.toBe(fatal);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('runs beforeAttempt before the first attempt and before the retry', async () => {
    const fetch = scriptedFetch([503, 200]);
    const beforeAttempt = vi.fn(async () => {});
    const { options } = policy(fetch, { beforeAttempt });
    await fetchWithPolicy('http://upstream.test/q', options);
    expect(beforeAttempt).toHaveBeenCalledTimes(2);
    expect(beforeAttempt.mock.invocationCallOrder[1]).toBeLessThan(fetch.mock.invocationCallOrder[1]);
  });

  it('sends nothing more once beforeAttempt refuses, and passes its error on', async () => {
    const fetch = scriptedFetch([503, 200]);
    const refused = new Error('budget spent');
    const beforeAttempt = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(refused);
    const { options } = policy(fetch, { beforeAttempt });
    await expect(fetchWithPolicy('http://upstream.test/q', options)).rejects.toBe(refused);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps secrets in the URL out of the failure reason', async () => {
    const secret = 'MAPKEY1234567890';
    const { options } = policy(scriptedFetch([500, 500]), { secrets: [secret] });
    const failure = (await fetchWithPolicy(
      `http://upstream.test/csv/${secret}/VIIRS_SNPP_NRT/1,2,3,4/5`,
      options,
    ).catch((e: unknown) => e)) as UpstreamUnavailableError;
    expect(failure.reason).toContain('/csv/***/VIIRS_SNPP_NRT');
    expect(JSON.stringify({ ...failure, message: failure.message, stack: failure.stack })).not.toContain(secret);
  });

  it('puts a real deadline on a request that never answers', async () => {
    const started = Date.now();
    const { options } = policy(scriptedFetch(['timeout', 'timeout']), { timeoutMs: 30 });
    await expect(fetchWithPolicy('http://upstream.test/q', options)).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(Date.now() - started).toBeLessThan(500);
  });
});
