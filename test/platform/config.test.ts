import path from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
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

/** TRUSTED_DOCUMENTS and its manifest are checked at start-up: a mode that needs a manifest never starts without a good one. */

const dir = mkdtempSync(path.join(tmpdir(), 'trusted-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const CODEGEN_MANIFEST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../generated/persisted-documents.json',
);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
function manifest(name: string, content: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  return expect.unreachable('the configuration was accepted');
}

describe('TRUSTED_DOCUMENTS configuration', () => {
  it('is off by default, with no manifest', () => {
    expect(loadConfig({}).trustedDocuments).toEqual({ mode: 'off', file: undefined, manifest: undefined });
  });

  it('loads the manifest codegen writes, ids without their sha256: prefix, and keeps it in every mode', () => {
    const written = JSON.parse(readFileSync(CODEGEN_MANIFEST, 'utf8')) as Record<string, string>;
    for (const mode of ['off', 'log', 'enforce']) {
      const { trustedDocuments } = loadConfig({ TRUSTED_DOCUMENTS: mode, TRUSTED_DOCUMENTS_FILE: CODEGEN_MANIFEST });
      expect(trustedDocuments.mode).toBe(mode);
      expect(trustedDocuments.manifest?.byId.size).toBe(Object.keys(written).length);
      const [id, document] = Object.entries(written)[0];
      expect(trustedDocuments.manifest?.byId.get(id.replace(/^sha256:/, ''))).toBe(document);
    }
  });

  it('refuses log and enforce without a manifest, and an unknown mode', () => {
    for (const mode of ['log', 'enforce']) {
      expect(problemsOf({ TRUSTED_DOCUMENTS: mode }).join('\n')).toMatch(
        /TRUSTED_DOCUMENTS_FILE: is required when TRUSTED_DOCUMENTS=/,
      );
    }
    expect(problemsOf({ TRUSTED_DOCUMENTS: 'strict' }).join('\n')).toMatch(/^TRUSTED_DOCUMENTS: /m);
  });

  it('names a manifest that cannot be read or is not an object of documents', () => {
    const missing = path.join(dir, 'missing.json');
    expect(problemsOf({ TRUSTED_DOCUMENTS: 'enforce', TRUSTED_DOCUMENTS_FILE: missing })).toEqual([
      `TRUSTED_DOCUMENTS_FILE: cannot read ${missing} as JSON (ENOENT)`,
    ]);
    const notJson = manifest('not.json', '{"sha256:ab": ');
    expect(problemsOf({ TRUSTED_DOCUMENTS: 'enforce', TRUSTED_DOCUMENTS_FILE: notJson })[0]).toMatch(
      /cannot read .*not\.json as JSON/,
    );
    const list = manifest('list.json', ['query { health { status } }']);
    expect(problemsOf({ TRUSTED_DOCUMENTS: 'enforce', TRUSTED_DOCUMENTS_FILE: list })[0]).toMatch(
      /must hold a JSON object of document id → document/,
    );
    const empty = manifest('empty.json', {});
    expect(problemsOf({ TRUSTED_DOCUMENTS: 'log', TRUSTED_DOCUMENTS_FILE: empty })[0]).toMatch(/lists no document/);
  });

  it('lists every bad entry at once, with the other invalid variables', () => {
    const good = 'query Health { health { status } }';
    const file = manifest('bad-entries.json', {
      [`sha256:${sha256(good)}`]: good,
      [`sha256:${sha256('query Other { health { version } }')}`]: good,
      'custom-id': 'query Broken { health { ',
      another: 42,
    });
    const problems = problemsOf({ TRUSTED_DOCUMENTS: 'enforce', TRUSTED_DOCUMENTS_FILE: file, PORT: 'eighty' });
    expect(problems[0]).toMatch(/^PORT: /);
    expect(problems.slice(1)).toEqual([
      expect.stringMatching(
        /^TRUSTED_DOCUMENTS_FILE: .*bad-entries\.json: "sha256:[0-9a-f]{64}" is not the SHA-256 of its document$/,
      ),
      expect.stringMatching(/"custom-id" does not parse: Syntax Error/),
      expect.stringMatching(/"another" is not a document$/),
    ]);
  });

  it('accepts ids that are not SHA-256 hashes (a manifest of ids of its own), as they are', () => {
    const file = manifest('custom.json', { 'health-v1': 'query Health { health { status } }' });
    expect(
      loadConfig({ TRUSTED_DOCUMENTS: 'enforce', TRUSTED_DOCUMENTS_FILE: file }).trustedDocuments.manifest?.byId.get(
        'health-v1',
      ),
    ).toBe('query Health { health { status } }');
  });
});
