import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { compose, deliver, inboundRow, outboxTo, sql, startMailInApp } from './mail-in.js';

let t: TestApp;
let clock = new Date('2026-12-01T09:00:00Z');

beforeAll(async () => {
  t = await startMailInApp({}, { now: () => clock });
});

afterAll(async () => {
  await t?.stop();
});

const minutes = (n: number) => (clock = new Date(clock.getTime() + n * 60_000));

describe('mail in: loops and floods', () => {
  it('holds mail from the help desk’s own address, from its reply domain, and a mail it sent come back (LOOP)', async () => {
    const own = await deliver(
      t,
      await compose({ from: 'help@example.test', to: 'help@example.test', subject: 'Hi', text: 'x' }),
    );
    expect(await inboundRow(t, own)).toMatchObject({ state: 'held', cause: 'LOOP' });
    const reply = await deliver(
      t,
      await compose({ from: 'help+rabc@reply.example.test', to: 'help@example.test', subject: 'Hi', text: 'x' }),
    );
    expect(await inboundRow(t, reply)).toMatchObject({ state: 'held', cause: 'LOOP' });
    const [{ n }] = await sql<{ n: number }>(t, `select count(*)::int as n from help_requests`);
    expect(n).toBe(0);
  });

  it('acknowledges at most 3 mails an hour to one address, and files every one', async () => {
    for (let i = 0; i < 5; i++) {
      minutes(1);
      const id = await deliver(
        t,
        await compose({ from: 'jo@example.org', to: 'help@example.test', subject: `Question ${i}`, text: 'Hello' }),
      );
      expect((await inboundRow(t, id)).outcome).toBe('filed');
    }
    expect((await outboxTo(t, 'jo@example.org')).filter((m) => m.template === 'received')).toHaveLength(3);
    minutes(61);
    await deliver(
      t,
      await compose({ from: 'jo@example.org', to: 'help@example.test', subject: 'Later', text: 'Hello' }),
    );
    expect((await outboxTo(t, 'jo@example.org')).filter((m) => m.template === 'received')).toHaveLength(4);
  });

  it('holds mail from one sender past 20 in 10 minutes (RATE), and takes it again once the window has passed', async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 22; i++) {
      const id = await deliver(
        t,
        await compose({ from: 'flood@example.org', to: 'help@example.test', subject: `n${i}`, text: 'spam' }),
      );
      const row = await inboundRow(t, id);
      outcomes.push(row.state === 'held' ? row.cause! : row.outcome!);
    }
    expect(outcomes.slice(0, 20).every((o) => o === 'filed')).toBe(true);
    expect(outcomes.slice(20)).toEqual(['RATE', 'RATE']);
    minutes(11);
    const later = await deliver(
      t,
      await compose({ from: 'flood@example.org', to: 'help@example.test', subject: 'later', text: 'x' }),
    );
    expect((await inboundRow(t, later)).outcome).toBe('filed');
  });

  it('stops an autoresponder that answers every acknowledgement within the caps, threaded or not', async () => {
    // The other mailbox: an autoresponder that marks nothing, answering whatever it is sent with a fresh mail.
    const loop = async (bot: string, subjectOf: (ack: string) => string) => {
      let answered = 0;
      await deliver(t, await compose({ from: bot, to: 'help@example.test', subject: 'Hello', text: 'Hi' }));
      for (let round = 0; round < 40; round++) {
        const acks = (await outboxTo(t, bot)).filter((m) => m.template === 'received');
        if (acks.length <= answered) break;
        for (const ack of acks.slice(answered)) {
          answered++;
          await deliver(
            t,
            await compose({
              from: bot,
              to: 'help@example.test',
              subject: subjectOf(ack.subject),
              text: 'Thank you for your mail!',
            }),
          );
        }
      }
      return answered;
    };
    // One that quotes the subject lands on the request's thread, which is never acknowledged: one round.
    expect(await loop('echo@robots.example', (subject) => `Thanks for: ${subject}`)).toBe(1);
    // One that does not files new requests, acknowledged 3 times an hour and no more.
    const requestsBefore = (await sql<{ n: number }>(t, `select count(*)::int as n from help_requests`))[0].n;
    expect(await loop('bot@robots.example', () => 'Thanks for your mail')).toBe(3);
    const filed = (await sql<{ n: number }>(t, `select count(*)::int as n from help_requests`))[0].n - requestsBefore;
    expect(filed).toBe(4);
    // And one that ignores the acknowledgements altogether, mailing on a timer, is held past the rate.
    for (let i = 0; i < 30; i++) {
      await deliver(
        t,
        await compose({ from: 'bot@robots.example', to: 'help@example.test', subject: `ping ${i}`, text: 'ping' }),
      );
    }
    const held = await sql<{ n: number }>(
      t,
      `select count(*)::int as n from mail_inbound where sender_key = 'bot@robots.example' and cause = 'RATE'`,
    );
    expect(held[0].n).toBe(34 - 20);
    expect((await outboxTo(t, 'bot@robots.example')).filter((m) => m.template === 'received')).toHaveLength(3);
  });
});
