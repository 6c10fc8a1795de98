import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config.js';

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
