import { describe, expect, it } from 'vitest';
import type { Principal } from '../../src/platform/auth/principal.js';
import { eventKey, operationKey, principalKey, SharedWork } from '../../src/server/shared-work.js';

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('SharedWork', () => {
  it('runs the work once for every caller with the same key while it runs, and apart for another key', async () => {
    const shared = new SharedWork();
    const gate = deferred<string>();
    let runs = 0;
    const work = () => (runs++, gate.promise);
    const first = shared.run(['alice', 'change 1'], work);
    const second = shared.run(['alice', 'change 1'], work);
    const other = shared.run(['alice', 'change 2'], async () => 'other');
    expect(runs).toBe(1);
    expect(second).toBe(first);
    gate.resolve('answer');
    expect(await Promise.all([first, second, other])).toEqual(['answer', 'answer', 'other']);
  });

  it('never hands out an answer once its work has finished: a later caller runs the work again', async () => {
    const shared = new SharedWork();
    let runs = 0;
    expect(await shared.run(['k'], async () => ++runs)).toBe(1);
    expect(await shared.run(['k'], async () => ++runs)).toBe(2);
    expect(shared.empty).toBe(true);
  });

  it('shares a failure with the callers waiting on it, then forgets it', async () => {
    const shared = new SharedWork();
    const gate = deferred<never>();
    const a = shared.run(['x', 'y'], () => gate.promise);
    const b = shared.run(['x', 'y'], async () => 'not run');
    gate.reject(new Error('database away'));
    await expect(a).rejects.toThrow('database away');
    await expect(b).rejects.toThrow('database away');
    expect(shared.empty).toBe(true);
    expect(await shared.run(['x', 'y'], async () => 'again')).toBe('again');
  });

  it('turns work that throws at once into a failure, and keeps no empty level behind', async () => {
    const shared = new SharedWork();
    await expect(
      shared.run(['a', 'b', 'c'], () => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    const gate = deferred<number>();
    const running = shared.run(['a', 'b', 'd'], () => gate.promise);
    expect(shared.size).toBe(1);
    gate.resolve(1);
    await running;
    expect(shared.size).toBe(0);
    expect(shared.empty).toBe(true);
  });

  it('keeps keys that only differ in where their parts split apart', async () => {
    const shared = new SharedWork();
    const gate = deferred<string>();
    const ab = shared.run(['a', 'bc'], () => gate.promise);
    const abc = shared.run(['ab', 'c'], async () => 'other');
    gate.resolve('first');
    expect(await Promise.all([ab, abc])).toEqual(['first', 'other']);
  });
});

describe('the keys of shared work', () => {
  const admin: Principal = { kind: 'user', userId: 'a'.repeat(32), username: 'admin', role: 'admin' };
  const alice: Principal = { kind: 'user', userId: 'b'.repeat(32), username: 'alice', role: 'user' };
  const key = (permissions: string[]): Principal =>
    ({
      kind: 'apiKey',
      keyId: 'k1',
      key: 'key',
      name: 'integration',
      permissions: new Set(permissions),
      readOnly: false,
    }) as Principal;

  it.each([
    ['two administrators who are the same person', admin, { ...admin }, true],
    ['an administrator and a plain user', admin, alice, false],
    ['the same person after a change of role', alice, { ...alice, role: 'admin' }, false],
    ['the same user id under another name', alice, { ...alice, username: 'alice2' }, false],
    [
      'an API key with its permissions in another order',
      key(['users:view', 'users:modify']),
      key(['users:modify', 'users:view']),
      true,
    ],
    ['an API key with fewer permissions', key(['users:view', 'users:modify']), key(['users:view']), false],
    ['anonymous and a user', { kind: 'anonymous' } as Principal, alice, false],
  ])('principals: %s share a key: %s', (_name, one, two, same) => {
    expect(principalKey(one as Principal) === principalKey(two as Principal)).toBe(same);
  });

  it('names the operation by its text, its name and its variables', () => {
    expect(operationKey('subscription { a }', null, { id: 1 })).toEqual(
      operationKey('subscription { a }', undefined, { id: 1 }),
    );
    expect(operationKey('subscription { a }', null, { id: 1 })).not.toEqual(
      operationKey('subscription { a }', null, { id: 2 }),
    );
    expect(operationKey('subscription { a }', null, null)).not.toEqual(operationKey('subscription { b }', null, null));
    expect(operationKey('subscription A { a } subscription B { a }', 'A', null)).not.toEqual(
      operationKey('subscription A { a } subscription B { a }', 'B', null),
    );
  });

  it('gives every subscriber of one shared event the very same key, and a differently seen event another', () => {
    const change = { kind: 'updated', requestId: 7, fields: ['status', 'admin_notes'], at: new Date(0) };
    const first = eventKey({ helpRequestChanged: change });
    const second = eventKey({ helpRequestChanged: change });
    expect(second).toBe(first);
    const seenByRequester = { ...change, fields: ['status'] };
    expect(eventKey({ helpRequestChanged: seenByRequester })).not.toBe(first);
    expect(eventKey({ otherField: change })).not.toBe(first);
    expect(eventKey({ helpRequestChanged: { ...change } })).toBe(first);
    expect(eventKey('plain')).toBe('"plain"');
  });
});
