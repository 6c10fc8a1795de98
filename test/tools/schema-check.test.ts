import { describe, expect, it } from 'vitest';
import { checkSchema } from '../../scripts/schema-check.js';

// A small schema as published, and changes to it of each kind.
const PUBLISHED = `type Query {
  "A ticket by its number."
  ticket(id: Int!): Ticket
}

"A ticket."
type Ticket {
  id: Int!
  title: String!
  status: Status!
}

"Where a ticket stands."
enum Status {
  OPEN
  CLOSED
}
`;
const WITHOUT_TITLE = PUBLISHED.replace('  title: String!\n', '');
const WITH_SUMMARY = PUBLISHED.replace('  title: String!\n', '  title: String!\n  summary: String\n');
const WITH_STATUS = PUBLISHED.replace('  CLOSED\n', '  CLOSED\n  ON_HOLD\n');
const TITLE_DEPRECATED = PUBLISHED.replace(
  '  title: String!\n',
  '  title: String! @deprecated(reason: "Use summary.")\n  summary: String\n',
);

const CHANGELOG = '# Changelog\n\n## 1.0.0\n\n- First release.\n';
const announcing = (text: string) => `# Changelog\n\n## Unreleased\n\n${text}\n\n## 1.0.0\n\n- First release.\n`;

describe('the published-schema check', () => {
  it('fails a breaking change the published file does not have', async () => {
    const result = await checkSchema({
      current: WITHOUT_TITLE,
      published: PUBLISHED,
      base: PUBLISHED,
      changelog: CHANGELOG,
    });
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([expect.stringContaining('Ticket.title')]);
  });

  it('passes a safe change (a field added) and a dangerous one (an enum value added), noting them as unpublished', async () => {
    for (const current of [WITH_SUMMARY, WITH_STATUS]) {
      const result = await checkSchema({ current, published: PUBLISHED, base: PUBLISHED, changelog: CHANGELOG });
      expect(result).toMatchObject({ ok: true, problems: [] });
      expect(result.notes).toEqual([expect.stringContaining('npm run sdl')]);
    }
  });

  it('passes a field marked @deprecated first, the way to remove one later', async () => {
    const result = await checkSchema({
      current: TITLE_DEPRECATED,
      published: PUBLISHED,
      base: PUBLISHED,
      changelog: CHANGELOG,
    });
    expect(result.ok).toBe(true);
  });

  it('fails a breaking change published without a CHANGELOG.md entry naming it', async () => {
    const result = await checkSchema({
      current: WITHOUT_TITLE,
      published: WITHOUT_TITLE,
      base: PUBLISHED,
      changelog: CHANGELOG,
    });
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([expect.stringMatching(/without a CHANGELOG\.md entry naming Ticket\.title/)]);
  });

  it('fails when only an older release mentions the path, not the unreleased section', async () => {
    const old = '# Changelog\n\n## Unreleased\n\n- Nothing yet.\n\n## 1.0.0\n\n- Ticket.title added.\n';
    const result = await checkSchema({
      current: WITHOUT_TITLE,
      published: WITHOUT_TITLE,
      base: PUBLISHED,
      changelog: old,
    });
    expect(result.ok).toBe(false);
  });

  it('passes a breaking change published together with an unreleased entry naming its path', async () => {
    const changelog = announcing('- Removed `Ticket.title`, deprecated since 1.0.0: read `summary`.');
    const result = await checkSchema({ current: WITHOUT_TITLE, published: WITHOUT_TITLE, base: PUBLISHED, changelog });
    expect(result).toMatchObject({ ok: true, problems: [] });
    expect(result.notes).toEqual([expect.stringContaining('announced breaking change: Ticket.title')]);
  });
});
