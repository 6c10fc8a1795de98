import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../../src/users/password-policy.js';
import { platformDate } from '../../src/users/rest/routes.js';
import { isCompatible, parseRegistry } from '../../src/users/registry.js';
import { absolutePath, phoneNumber, profilePath } from '../../src/users/validation.js';
import { registryEntry } from './fixtures.js';

/** The domain's field rules as pure functions, table by table. */

describe('phone numbers', () => {
  it.each(['555', '555-1234', '1-800-555-0199', '0'.repeat(32)])('accepts %s', (phone) => {
    expect(phoneNumber(phone)).toBe(phone);
  });
  it.each(['555 1234', '555--1234', '-555', '555-', '+1-555', '(555) 1234', '555-abc', '1'.repeat(33), '555\n1234'])(
    'refuses %j',
    (phone) => {
      expect(() => phoneNumber(phone)).toThrow(/Phone must be digits separated by single hyphens/);
    },
  );
  it('treats an empty phone as no phone', () => {
    expect(phoneNumber('')).toBeNull();
    expect(phoneNumber(null)).toBeNull();
  });
});

describe('password rules, in the order the platform reports them', () => {
  it.each([
    ['Abcdefg!', 'Your password must contain at least one number.'],
    ['Ab1!', 'Your password must be at least 8 characters long'],
    ['Abcdefg1', 'Your password must contain at least one special character.'],
    ['ABCDEFG1!', 'Your password must contain at least one lower case character.'],
    ['abcdefg1!', 'Your password must contain at least one upper case character.'],
    ['short', 'Your password must contain at least one number.'],
    ['Abc def1', 'Your password must contain at least one special character.'],
  ])('%j fails with %j', (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });
  it('accepts a password that keeps every rule', () => {
    expect(passwordProblem('Passw0rd!x')).toBeUndefined();
  });
  it.each([
    ['Passw0rd²', 'a superscript two: a number, but no digit'],
    ['Passw0rd½', 'a vulgar fraction'],
    ['Passw0rdⅫ', 'a Roman numeral'],
  ])('counts any character that is neither a letter, a digit nor white space as special: %j (%s)', (password) => {
    expect(passwordProblem(password)).toBeUndefined();
  });
});

describe('workspace settings fields', () => {
  it('requires {username} in the persistent profile path', () => {
    expect(profilePath('/mnt/profiles/{username}')).toBe('/mnt/profiles/{username}');
    expect(() => profilePath('/mnt/profiles/shared')).toThrow('must contain {username}');
    expect(profilePath(null)).toBeNull();
  });
  it('requires an absolute destination path without .. segments', () => {
    expect(absolutePath('/tmp/post_run_root.sh', 'p', 'Destination path')).toBe('/tmp/post_run_root.sh');
    expect(() => absolutePath('tmp/x.sh', 'p', 'Destination path')).toThrow('must be an absolute path');
    expect(() => absolutePath('/tmp/../etc/passwd', 'p', 'Destination path')).toThrow('".." segments');
    expect(() => absolutePath('', 'p', 'Destination path')).toThrow('is required');
  });
});

describe('compatibility with the platform version', () => {
  it.each([
    [['1.16.x'], '1.16.0', true],
    [['1.16.x'], '1.16.7', true],
    [['1.15.x', '1.16.x'], '1.16.1', true],
    [['1.15.x'], '1.16.0', false],
    [['1.1.x'], '1.16.0', false],
    [['11.16.x'], '1.16.0', false],
  ])('%j with %s is %s', (patterns, version, expected) => {
    expect(isCompatible(patterns, version)).toBe(expected);
  });
});

describe('registry entries', () => {
  it('accepts an entry with every registry field', () => {
    expect(parseRegistry([registryEntry()])).toHaveLength(1);
  });
  it('accepts an entry without run_config and exec_config', () => {
    const { run_config: _r, exec_config: _e, ...bare } = registryEntry();
    expect(parseRegistry([bare])).toHaveLength(1);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['a name without a tag', { name: 'kasmweb/chrome' }, /entries\[0\]\.name: must be <namespace>\/<repository>:<tag>/],
    ['a name without a namespace', { name: 'chrome:1.16.0' }, /\.name: must be/],
    ['a name with upper case', { name: 'KasmWeb/chrome:1.16.0' }, /\.name: must be/],
    [
      'a registry that is not a URL',
      { docker_registry: 'index.docker.io' },
      /docker_registry: must be an http\(s\) URL/,
    ],
    [
      'a registry on another scheme',
      { docker_registry: 'ftp://index.docker.io/' },
      /docker_registry: must be an http\(s\) URL/,
    ],
    ['a compatibility without .x', { compatibility: ['1.16.0'] }, /compatibility\[0\]: must be <major>\.<minor>\.x/],
    ['no compatibility', { compatibility: [] }, /compatibility: must list at least one/],
    ['an unknown architecture', { architecture: ['x86'] }, /architecture\[0\]: must be amd64 or arm64/],
    ['no categories', { categories: [] }, /categories: must list at least one category/],
    ['a negative size', { uncompressed_size_mb: -1 }, /uncompressed_size_mb: must be 0 or more/],
    ['a size that is a string', { uncompressed_size_mb: '2150' }, /uncompressed_size_mb/],
    ['an exec action other than go and assign', { exec_config: { run: { cmd: 'x' } } }, /exec_config/],
    ['an exec action without cmd', { exec_config: { go: {} } }, /exec_config\.go\.cmd/],
    ['an exec cmd that is not a string', { exec_config: { go: { cmd: 1 } } }, /exec_config\.go\.cmd/],
    [
      'a run_config hostname that is not a hostname',
      { run_config: { hostname: 'a b' } },
      /run_config\.hostname: must be a hostname/,
    ],
    ['a field the registry does not have', { icon: 'x.png' }, /entries\[0\]/],
    ['an empty friendly name', { friendly_name: ' ' }, /friendly_name: must not be empty/],
  ])('refuses %s', (_label, overrides, message) => {
    expect(() => parseRegistry([registryEntry(overrides)])).toThrow(message);
  });

  it('names the place of the first bad entry in a list', () => {
    expect(() => parseRegistry([registryEntry(), registryEntry({ name: 'x/y:1', docker_registry: 'nope' })])).toThrow(
      /^entries\[1\]\.docker_registry/,
    );
  });
  it('refuses the same name twice in one list', () => {
    expect(() => parseRegistry([registryEntry(), registryEntry()])).toThrow(/entries\[1\]\.name: appears twice/);
  });
  it('refuses something that is not a list', () => {
    expect(() => parseRegistry({ workspaces: [] })).toThrow(/^entries: must be a JSON list/);
  });
});

describe('dates as the platform writes them', () => {
  it('writes UTC with microseconds padded from milliseconds', () => {
    expect(platformDate('2026-11-22T08:05:03.042Z')).toBe('2026-11-22 08:05:03.042000');
    expect(platformDate(null)).toBeNull();
  });
});
