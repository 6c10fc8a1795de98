import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config.js';

describe('configuration', () => {
  it('starts with no variables at all (a fresh machine)', () => {
    const config = loadConfig({});
    expect(config.http).toMatchObject({ port: 4000, host: '127.0.0.1' });
    expect(config.db.url).toBeUndefined();
    expect(config.jwt.secretIsEphemeral).toBe(true);
  });

  it('reports every invalid variable at once, by name', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', FIRE_DAILY_QUOTA: '-1' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const text = (error as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'FIRE_DAILY_QUOTA']) expect(text).toContain(name);
    }
  });

  it('refuses production without a JWT secret instead of signing with a random one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
  });

  it('requires the bootstrap API key and its secret together', () => {
    expect(() => loadConfig({ BOOTSTRAP_API_KEY: 'k' })).toThrow(/BOOTSTRAP_API_KEY/);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: ' ' }).db.url).toBeUndefined();
  });

  it('allows credentialed CORS only for listed origins, never a wildcard or a URL with a path', () => {
    expect(loadConfig({ CORS_ORIGINS: 'http://localhost:8600, https://app.example.com' }).http.corsOrigins).toEqual([
      'http://localhost:8600',
      'https://app.example.com',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://app.example.com/help' })).toThrow(/CORS_ORIGINS/);
  });

  it('makes the session cookie Secure and SameSite=Lax in production unless told otherwise, and refuses SameSite=None without Secure', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(production).session).toEqual({ cookieName: 'trellis_session', sameSite: 'lax', secure: true });
    expect(loadConfig({}).session.secure).toBe(false);
    expect(
      loadConfig({ ...production, SESSION_COOKIE_SECURE: 'false', SESSION_COOKIE_NAME: 'sid' }).session,
    ).toMatchObject({ cookieName: 'sid', secure: false });
    expect(() => loadConfig({ SESSION_COOKIE_SAMESITE: 'none', SESSION_COOKIE_SECURE: 'false' })).toThrow(
      /SESSION_COOKIE_SECURE/,
    );
  });
});
