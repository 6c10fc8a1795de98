import { readFileSync } from 'node:fs';
import { buildSchema, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/helpdesk/vocabulary.js';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { helpdesk, rowsOf } from './support.js';

/*
 * What a search term means and in what order the matches come (src/helpdesk/text-search.ts), through both doors:
 * GET /api/help/search and helpSearch. Each test files requests with words no other test uses.
 */

let t: TestApp;
let h: ReturnType<typeof helpdesk>;
let admin: string;
let alice: { id: string; auth: string };

beforeAll(async () => {
  t = await startTestApp();
  h = helpdesk(t);
  admin = await t.login('admin', ADMIN_PASSWORD);
  alice = await t.createUser('alice');
});
afterAll(() => t.stop());

const SEARCH = `query($q: String!) { helpSearch(q: $q) { faqs { id } helpRequests { id } } }`;

/** The help requests /search answers for `q`, in its order. */
async function found(q: string, auth = admin): Promise<number[]> {
  const res = await h.get(`/search?q=${encodeURIComponent(q)}`, auth);
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.help_requests as Array<{ id: number }>).map((r) => r.id);
}

/** Files requests in the order given, each a minute newer than the one before (older ones first). */
async function fileInTurn(...requests: Array<{ title: string; description: string }>): Promise<number[]> {
  const ids: number[] = [];
  for (const request of requests) ids.push(await h.file(alice.auth, request));
  await rowsOf(
    t,
    `update help_requests set created_at = now() - interval '1 day' + (array_position($1::int[], id) * interval '1 minute')
      where id = any($1::int[])`,
    [ids],
  );
  return ids;
}

describe('ranking', () => {
  it('puts a match in the title above one in the description, even a newer one that repeats the word', async () => {
    const [inTitle, inDescription] = await fileInTurn(
      { title: 'Quasar console frozen', description: 'Nothing moves.' },
      { title: 'Display flickers', description: 'The quasar console, quasar again, and quasar once more.' },
    );
    expect(await found('quasar')).toEqual([inTitle, inDescription]);
  });

  it('puts the newest first among equal matches, then the higher id', async () => {
    const ids = await fileInTurn(
      { title: 'Ocelot printer queue', description: 'Stuck.' },
      { title: 'Ocelot printer queue', description: 'Stuck.' },
      { title: 'Ocelot printer queue', description: 'Stuck.' },
    );
    // The last two filed at the same moment: the later id first.
    await rowsOf(
      t,
      'update help_requests set created_at = (select created_at from help_requests where id = $1) where id = $2',
      [ids[2], ids[1]],
    );
    expect(await found('ocelot')).toEqual([ids[2], ids[1], ids[0]]);
  });

  it(`ranks the newest ${LIMITS.searchRanked} matches only: an older, better match behind that many is not shown`, async () => {
    const [old] = await fileInTurn({ title: 'Yak shaving tool crashes', description: 'Every time.' });
    const newer = await rowsOf(
      t,
      `insert into help_requests (title, description, category, priority, status, created_at, updated_at)
       select 'Tool ' || n, 'Mentions the yak once.', 'technical', 'medium', 'open', now() - n * interval '1 second', now()
         from generate_series(1, $1::int) as n returning id`,
      [LIMITS.searchRanked],
    );
    const shown = await found('yak');
    expect(shown).toHaveLength(LIMITS.searchResults);
    expect(shown).not.toContain(old);
    // One fewer newer match, and the title match is ranked, and first.
    await rowsOf(t, 'delete from help_requests where id = $1', [newer[0].id]);
    expect((await found('yak'))[0]).toBe(old);
  });

  it('ranks an FAQ entry whose question matches above one whose answer does, whatever their display order', async () => {
    const inAnswer = (
      await h.post('/faqs', { question: 'Which hangar?', answer: 'The blimp hangar.', display_order: 0 }, admin)
    ).body.data.id;
    const inQuestion = (
      await h.post('/faqs', { question: 'Where is the blimp?', answer: 'Outside.', display_order: 9 }, admin)
    ).body.data.id;
    const res = await h.get('/search?q=blimp');
    expect(res.body.faqs.map((f: { id: number }) => f.id)).toEqual([inQuestion, inAnswer]);
  });
});

describe('what the schema says of it', () => {
  it('names the limits search keeps to', () => {
    const schema = buildSchema(readFileSync('src/platform/graphql/generated/schema.graphql', 'utf8'));
    const field = (schema.getType('Query') as GraphQLObjectType).getFields().helpSearch;
    expect(field.description).toContain(`at most ${LIMITS.searchResults} of each`);
    const result = schema.getType('HelpSearchResult') as GraphQLObjectType;
    expect(result.getFields().helpRequests.description).toContain(`ranked among the ${LIMITS.searchRanked} newest`);
  });
});

describe('what a term means', () => {
  it('finds a plain word as the beginning of a word', async () => {
    const [id] = await fileInTurn({ title: 'Zeppelin password rejected', description: 'Since the upgrade.' });
    expect(await found('zeppel')).toEqual([id]);
    expect(await found('zeppelin passw')).toEqual([id]);
  });

  it('finds a quoted phrase only with its words together, in order, and whole', async () => {
    const [phrase, reversed, longer] = await fileInTurn(
      { title: 'Walrus token reset', description: 'After lunch.' },
      { title: 'Token walrus reset', description: 'Before lunch.' },
      { title: 'Walrus tokens reset', description: 'At noon.' },
    );
    expect(await found('"walrus token"')).toEqual([phrase]);
    expect(await found('walrus token')).toEqual([longer, reversed, phrase]);
  });

  it('leaves out what a minus excludes, the whole word or the whole phrase', async () => {
    const [broken, slow, brokenly, stuckFast] = await fileInTurn(
      { title: 'Narwhal scanner broken', description: 'Since Monday.' },
      { title: 'Narwhal scanner slow', description: 'Since Tuesday.' },
      { title: 'Narwhal scanner brokenly loud', description: 'Since Wednesday.' },
      { title: 'Narwhal scanner stuck fast', description: 'Since Thursday.' },
    );
    expect(await found('narwhal -broken')).toEqual([stuckFast, brokenly, slow]);
    expect(await found('narwhal -"stuck fast" -slow')).toEqual([brokenly, broken]);
    // `or` joins what is either side of it: the requests with both narwhal and broken (brokenly too), or with slow.
    expect((await found('narwhal broken or slow')).sort()).toEqual([broken, slow, brokenly].sort());
  });

  it('matches the same through REST and GraphQL, in the same order, for an administrator and a requester', async () => {
    await fileInTurn(
      { title: 'Pelican drive full', description: 'The pelican share.' },
      { title: 'Quota', description: 'Pelican pelican.' },
      { title: 'Pelican drive', description: 'Pelican drive full again.' },
      { title: 'Pelican', description: 'Full.' },
    );
    await h.post('/faqs', { question: 'Pelican drive?', answer: 'Mapped at sign-in.' }, admin);
    await h.post('/faqs', { question: 'Drives', answer: 'The pelican drive is mapped.' }, admin);
    for (const q of ['pelican', 'pelican drive', '"pelican drive" -quota', 'pelic or quota']) {
      for (const auth of [admin, alice.auth]) {
        const rest = await h.get(`/search?q=${encodeURIComponent(q)}`, auth);
        const graphql = await t.gql(SEARCH, { q }, auth);
        expect(rest.body.help_requests.length, q).toBeGreaterThan(0);
        expect(graphql.data.helpSearch, q).toEqual({
          faqs: rest.body.faqs.map((f: { id: number }) => ({ id: f.id })),
          helpRequests: rest.body.help_requests.map((r: { id: number }) => ({ id: r.id })),
        });
      }
    }
  });
});

describe('hostile terms', () => {
  const terms = [
    '"',
    '"""',
    "'",
    "''",
    '\\',
    "\\'",
    '\\\\',
    'a & b',
    'kiwi | mango',
    '!kiwi',
    '!!!',
    'kiwi <-> mango',
    '<->',
    '<2>',
    'kiwi:*',
    'kiwi:*A',
    ':*',
    "'':* <-> x",
    '(kiwi',
    ')',
    '-',
    '--',
    '-"',
    '" -',
    '-kiwi',
    '- - -',
    'or',
    'or or or',
    'kiwi or',
    '"kiwi or" -"',
    '"unbalanced phrase',
    'kiwi & !mango | (papaya <-> guava):*',
    '%_\\%',
    '...',
    '😀 kiwi',
    '&|!<->():*'.repeat(20),
  ];

  it('never fails a search: every term answers 200 through REST and data through GraphQL', async () => {
    await fileInTurn({ title: 'Kiwi mango papaya', description: 'Guava.' });
    for (const q of terms) {
      for (const auth of [admin, alice.auth, undefined]) {
        const rest = await h.get(`/search?q=${encodeURIComponent(q)}`, auth);
        expect(rest.status, q).toBe(200);
        expect(Object.keys(rest.body), q).toEqual(['faqs', 'help_requests']);
        const graphql = await t.gql(SEARCH, { q }, auth);
        expect(graphql.errors, q).toBeUndefined();
      }
    }
  });

  it('answers an empty or blank term as the caller’s mistake, never as a failure of the server', async () => {
    for (const q of ['', '   ']) {
      expect(await h.get(`/search?q=${encodeURIComponent(q)}`, admin), JSON.stringify(q)).toMatchObject({
        status: 400,
      });
      const graphql = await t.gql(SEARCH, { q }, admin);
      expect(graphql.errors?.[0].extensions?.code, JSON.stringify(q)).toBe('BAD_USER_INPUT');
    }
  });
});
