import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from '../../src/identity/tokens.js';

const service = () =>
  new TokenService({
    secret: new TextEncoder().encode('token-test-secret-that-is-long-enough-0123'),
    secretIsEphemeral: false,
    expiresInSeconds: 60,
    issuer: 'trellis',
    audience: 'trellis',
    jwksUrl: undefined,
  });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('access tokens checked once and remembered', () => {
  it('answers the same claims for a token it has already checked', async () => {
    const tokens = service();
    const { accessToken } = await tokens.issue({ sub: 'a'.repeat(32), role: 'admin', ver: 3 });
    expect(await tokens.verify(accessToken)).toEqual({ sub: 'a'.repeat(32), role: 'admin', ver: 3 });
    expect(await tokens.verify(accessToken)).toEqual({ sub: 'a'.repeat(32), role: 'admin', ver: 3 });
  });

  it('refuses a remembered token once it has expired, as if it had never been seen', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    const tokens = service();
    const { accessToken } = await tokens.issue({ sub: 'b'.repeat(32), role: 'user', ver: 0 });
    await tokens.verify(accessToken);
    vi.setSystemTime(new Date('2026-11-23T10:01:10Z')); // 70 s later: past exp and the 5 s clock tolerance
    await expect(tokens.verify(accessToken)).rejects.toThrow('Token has expired');
  });

  it('remembers nothing of a token that failed: a tampered copy of a good token stays refused', async () => {
    const tokens = service();
    const { accessToken } = await tokens.issue({ sub: 'c'.repeat(32), role: 'user', ver: 0 });
    await tokens.verify(accessToken);
    const [header, payload, signature] = accessToken.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'admin' })).toString('base64url')}.${signature}`;
    await expect(tokens.verify(forged)).rejects.toThrow('Invalid token');
    await expect(tokens.verify(forged)).rejects.toThrow('Invalid token');
  });

  it('remembers 10,000 tokens, forgetting the least recently used first', async () => {
    const tokens = service();
    const issued = await Promise.all(
      Array.from({ length: 10_001 }, (_, i) =>
        tokens.issue({ sub: i.toString(16).padStart(32, '0'), role: 'user', ver: 0 }),
      ),
    );
    const [first, second] = issued.map((t) => t.accessToken);
    for (const { accessToken } of issued.slice(0, 10_000)) await tokens.verify(accessToken);
    await tokens.verify(first); // used again: the second is now the least recently used
    await tokens.verify(issued[10_000].accessToken);
    // Each signature check is one WebCrypto verify.
    const checks = vi.spyOn(crypto.subtle, 'verify');
    await tokens.verify(first);
    expect(checks).not.toHaveBeenCalled();
    await tokens.verify(second);
    expect(checks).toHaveBeenCalledTimes(1);
  });
});
