import { describe, expect, it } from 'vitest';
import { escapeLike, matchCondition, rankExpression, textMatch } from '../../src/helpdesk/text-search.js';
import { contactEmail, normaliseTags, paging, requiredText } from '../../src/helpdesk/validation.js';

describe('how a search term becomes SQL', () => {
  it.each([
    ['password', { kind: 'fulltext', text: 'password' }],
    ['  Reset  Password ', { kind: 'fulltext', text: 'Reset  Password' }],
    ['v1.2', { kind: 'fulltext', text: 'v1.2' }],
    ['pw', { kind: 'substring', pattern: '%pw%' }],
    ['  a  ', { kind: 'substring', pattern: '%a%' }],
    ['%_', { kind: 'substring', pattern: '%\\%\\_%' }],
    ['!!!!', { kind: 'substring', pattern: '%!!!!%' }],
  ] as const)('turns %j into %j', (term, expected) => {
    expect(textMatch(term)).toEqual(expected);
  });

  it('escapes the LIKE wildcards and the escape character itself', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });

  it('binds every user value as a parameter', () => {
    const fulltext = matchCondition(textMatch("reset' | password"), 'search_vector', ['question']);
    expect(fulltext.sql('f')).toBe('f.search_vector @@ search_tsquery(?)');
    expect(fulltext.params).toEqual(["reset' | password"]);
    const rank = rankExpression(textMatch("reset' | password"), 'search_vector');
    expect(rank?.sql('f')).toMatch(/^ts_rank_cd\('\{[\d., ]+\}', f\.search_vector, search_tsquery\(\?\)\)$/);
    expect(rank?.params).toEqual(["reset' | password"]);
    expect(rankExpression(textMatch('pw'), 'search_vector')).toBeNull();
    // Planned once for any term, the tsquery is a subquery, computed once per statement rather than for every row.
    expect(matchCondition(textMatch('password'), 'search_vector', [], 'once').sql('f')).toBe(
      'f.search_vector @@ (select search_tsquery(?))',
    );
    expect(rankExpression(textMatch('password'), 'search_vector', 'once')?.sql('f')).toContain(
      '(select search_tsquery(?))',
    );
    const substring = matchCondition(textMatch("'%"), 'search_vector', ['question', 'tags']);
    expect(substring.sql('f')).toBe("(f.question ilike ? escape '\\' or f.tags ilike ? escape '\\')");
    expect(substring.params).toEqual(["%'\\%%", "%'\\%%"]);
  });
});

describe('input rules', () => {
  it('trims required text and bounds its length', () => {
    expect(requiredText('  hi  ', 'title', 5)).toBe('hi');
    expect(() => requiredText('   ', 'title', 5)).toThrow('title is required');
    expect(() => requiredText(null, 'title', 5)).toThrow('title is required');
    expect(() => requiredText('123456', 'title', 5)).toThrow('title must be at most 5 characters');
    expect(requiredText('\u{1F600}'.repeat(5), 'title', 5)).toHaveLength(10); // five characters, as PostgreSQL counts them
    expect(() => requiredText('\u{1F600}'.repeat(6), 'title', 5)).toThrow('title must be at most 5 characters');
  });

  it.each(['a@example.com', 'first.last+tag@sub.example.co.uk'])('accepts %s as a contact email', (email) => {
    expect(contactEmail(email)).toBe(email);
  });

  it.each(['plain', 'a@b', 'a @example.com', '@example.com', 'a@example.', 'a@@example.com'])(
    'refuses %s as a contact email',
    (email) => {
      expect(() => contactEmail(email)).toThrow('contact_email must be a valid email address');
    },
  );

  it('treats a blank contact email as none', () => {
    expect(contactEmail('  ')).toBeNull();
    expect(contactEmail(undefined)).toBeNull();
  });

  it('keeps tags trimmed, non-empty and unique regardless of case, in the order first given', () => {
    expect(normaliseTags([' VPN, vpn ', 'network,,', 'Network', 'wifi'])).toBe('VPN,network,wifi');
    expect(normaliseTags(null)).toBe('');
    expect(() => normaliseTags(Array.from({ length: 21 }, (_, i) => `t${i}`))).toThrow('at most 20 tags');
    expect(normaliseTags(['\u{1F600}'.repeat(50)])).toHaveLength(100);
  });

  it('defaults paging to page 1 and the given page size, within 1..100', () => {
    expect(paging(null, undefined, 10)).toEqual({ page: 1, perPage: 10 });
    expect(paging(3, 100, 10)).toEqual({ page: 3, perPage: 100 });
    expect(() => paging(1, 101, 10)).toThrow('per_page must be an integer from 1 to 100');
    expect(() => paging(0, 10, 10)).toThrow('page must be an integer of at least 1');
  });
});
