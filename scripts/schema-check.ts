// Guards the published schema: a change that would break a client fails CI unless it is announced. The schema
// clients build against is schema.published.graphql (`npm run sdl` writes it); CHANGELOG.md says what changed.
//
// The rule, checked by `npm run schema:check`:
// 1. The schema the server runs has no breaking change against the published file. A safe or dangerous change (a
//    field or enum value added) passes, with a reminder to publish it.
// 2. When the published file itself changed since the base revision (the merge base with origin's default branch,
//    SCHEMA_BASE when set, else the last commit; before the first publication, the base's generated merged SDL), each breaking change between the base's file and the new one
//    is announced: its path (`HelpStatus.open`, `Query.auditEvents.actorId`) appears in CHANGELOG.md's first
//    section, the unreleased one. Removing a field therefore takes a release with it `@deprecated(reason:)` first,
//    or an entry that says so.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CriticalityLevel, diff, type Change } from '@graphql-inspector/core';
import { buildSchema } from 'graphql';

export const PUBLISHED_FILE = 'schema.published.graphql';

export interface SchemaCheckInput {
  /** The SDL the server runs now. */
  current: string;
  /** The published file as it is in this change. */
  published: string;
  /** The published file at the base revision; null when there is none to compare with. */
  base: string | null;
  changelog: string;
}

export interface SchemaCheckResult {
  ok: boolean;
  /** What failed, one line each, for the person who has to fix it. */
  problems: string[];
  /** Changes that pass, for information. */
  notes: string[];
}

const describe = (change: Change) => `${change.path ?? '(schema)'}: ${change.message}`;
const breaking = (changes: Change[]) =>
  changes.filter((change) => change.criticality.level === CriticalityLevel.Breaking);

/** CHANGELOG.md's first `## ` section: the changes not released yet. */
export function unreleasedSection(changelog: string): string {
  const sections = changelog.split(/^## /m);
  return sections[1] ?? '';
}

export async function checkSchema(input: SchemaCheckInput): Promise<SchemaCheckResult> {
  const problems: string[] = [];
  const notes: string[] = [];
  const current = buildSchema(input.current);
  const published = buildSchema(input.published);

  const unpublished = await diff(published, current);
  for (const change of breaking(unpublished)) {
    problems.push(`breaking change not in ${PUBLISHED_FILE}: ${describe(change)}`);
  }
  const pending = unpublished.filter((change) => change.criticality.level !== CriticalityLevel.Breaking);
  if (pending.length)
    notes.push(
      `${pending.length} compatible change(s) not yet in ${PUBLISHED_FILE} (run \`npm run sdl\`): ${pending.map(describe).join('; ')}`,
    );

  if (input.base !== null && input.base !== input.published) {
    const announced = unreleasedSection(input.changelog);
    for (const change of breaking(await diff(buildSchema(input.base), published))) {
      if (!change.path || !announced.includes(change.path)) {
        problems.push(
          `breaking change published without a CHANGELOG.md entry naming ${change.path ?? 'it'}: ${describe(change)}`,
        );
      } else {
        notes.push(`announced breaking change: ${describe(change)}`);
      }
    }
  }
  return { ok: problems.length === 0, problems, notes };
}

const git = (args: string[]): string | null => {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
};

/** The revision a change is compared with: SCHEMA_BASE, else the merge base with origin's default branch, else HEAD. */
function baseRevision(): string | null {
  // A script's own input (CI may name the revision a change is compared with), not the server's configuration.
  const explicit = process.env.SCHEMA_BASE;
  if (explicit) return explicit;
  for (const branch of ['origin/HEAD', 'origin/main', 'origin/master']) {
    const base = git(['merge-base', 'HEAD', branch]);
    if (base) return base;
  }
  return git(['rev-parse', '--verify', 'HEAD']) ? 'HEAD' : null;
}

async function main(): Promise<void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { currentSdl } = await import('./sdl.js');
  const revision = baseRevision();
  // Before the first publication, the base's schema is the merged SDL codegen wrote.
  const base = revision
    ? (git(['show', `${revision}:${PUBLISHED_FILE}`]) ??
      git(['show', `${revision}:src/platform/graphql/generated/schema.graphql`]))
    : null;
  const result = await checkSchema({
    current: currentSdl(),
    published: readFileSync(path.join(root, PUBLISHED_FILE), 'utf8'),
    base: base === null ? null : `${base}\n`,
    changelog: readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8'),
  });
  for (const note of result.notes) console.log(note);
  for (const problem of result.problems) console.error(problem);
  if (!result.ok) {
    console.error(
      `\nThe schema breaks clients. Either keep the old field or value (mark it @deprecated(reason: "...") first), or ` +
        `publish the change: run \`npm run sdl\` and name each breaking change's path in CHANGELOG.md's unreleased section.`,
    );
    process.exitCode = 1;
  } else {
    console.log('the schema keeps every published promise, or announces the breaks it makes');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
