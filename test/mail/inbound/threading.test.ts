import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { AUTHSERV, compose, deliver, inboundRow, outboxTo, sql, startMailInApp } from './mail-in.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startMailInApp();
  admin = (await t.createUser('mailinadmin', { role: 'admin' })).auth;
});

afterAll(async () => {
  await t?.stop();
});

async function request(id: number) {
  const [row] = await sql<{ title: string; description: string; status: string; requester_id: string | null }>(
    t,
    `select title, description, status, requester_id from help_requests where id = ?`,
    [id],
  );
  return row;
}

async function messages(requestId: number) {
  return sql<{ author_role: string; body: string; full_body: string; channel: string; contact_id: number }>(
    t,
    `select author_role, body, full_body, channel, contact_id from help_messages where request_id = ? order by id`,
    [requestId],
  );
}

const setStatus = (id: number, status: string) =>
  t.gql(
    `mutation($id: Int!, $s: HelpStatus!) { updateHelpRequest(id: $id, input: { status: $s }) { id } }`,
    { id, s: status },
    admin,
  );

/** A stranger's first mail: filed, acknowledged; returns the request and the acknowledgement. */
async function fileOne(from: string, subject: string) {
  const id = await deliver(
    t,
    await compose({ from, to: 'help@example.test', subject, text: 'My printer jams on every page.' }),
  );
  const row = await inboundRow(t, id);
  const [ack] = (await outboxTo(t, from.replace(/^.*<|>$/g, ''))).filter((m) => m.request_id === row.request_id);
  return { requestId: row.request_id!, ack };
}

describe('mail in: threading', () => {
  it('files a stranger’s mail as a request (subject as title, text as description), makes the contact and acknowledges it once', async () => {
    const id = await deliver(
      t,
      await compose({
        from: 'Ana Lima <ana@example.org>',
        to: 'help@example.test',
        subject: 'Printer jams',
        text: 'My printer jams on every page.\n\n-- \nAna Lima\nAccounts',
      }),
    );
    const row = await inboundRow(t, id);
    expect(row).toMatchObject({ state: 'processed', outcome: 'filed' });
    expect(await request(row.request_id!)).toMatchObject({
      title: 'Printer jams',
      description: 'My printer jams on every page.',
      status: 'open',
      requester_id: null,
    });
    const [contact] = await sql<{ email: string; name: string }>(
      t,
      `select c.email, c.name from help_request_threads h join help_contacts c on c.id = h.contact_id where h.request_id = ?`,
      [row.request_id],
    );
    expect(contact).toEqual({ email: 'ana@example.org', name: 'Ana Lima' });
    const mails = await outboxTo(t, 'ana@example.org');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: 'received', auto_reply: true, request_id: row.request_id });
    expect(mails[0].subject).toBe(`[#${row.request_id}] Received: Printer jams`);
  });

  it('lands a mail client’s reply to the acknowledgement on its thread, the quote trimmed and the whole text kept, reopening it', async () => {
    const { requestId, ack } = await fileOne('Bo <bo@example.org>', 'VPN drops');
    await setStatus(requestId, 'RESOLVED');
    const quoted =
      'It happens every hour.\n\nOn Tue, 1 Dec 2026 at 10:00, Trellis Help <help@example.test> wrote:\n> We received your mail "VPN drops"\n> and filed it.\n';
    const id = await deliver(
      t,
      await compose({
        from: 'Bo <bo@example.org>',
        to: ack.reply_to!,
        subject: `Re: ${ack.subject}`,
        inReplyTo: ack.message_id,
        references: [ack.message_id],
        text: quoted,
      }),
    );
    const row = await inboundRow(t, id);
    expect(row).toMatchObject({ state: 'processed', outcome: 'threaded', request_id: requestId });
    const [message] = await messages(requestId);
    expect(message).toMatchObject({ author_role: 'CONTACT', channel: 'EMAIL', body: 'It happens every hour.' });
    expect(message.full_body).toContain('> We received your mail');
    expect((await request(requestId)).status).toBe('open');
    const [{ count }] = await sql<{ count: number }>(t, `select count(*)::int as count from help_requests`);
    expect(count).toBe(2);
  });

  it('mails an administrator’s answer to the contact, and lands the contact’s reply to it on the thread', async () => {
    const { requestId } = await fileOne('Uma <uma@example.org>', 'Cannot print');
    const answered = await t.gql(
      `mutation($id: Int!) { respondToHelpRequest(id: $id, input: { response: "Which printer is it?" }) { id } }`,
      { id: requestId },
      admin,
    );
    expect(answered.errors).toBeUndefined();
    const answer = (await outboxTo(t, 'uma@example.org')).find((m) => m.template === 'agent-message')!;
    expect(answer).toMatchObject({ request_id: requestId });
    const id = await deliver(
      t,
      await compose({
        from: 'uma@example.org',
        to: answer.reply_to!,
        subject: `Re: ${answer.subject}`,
        inReplyTo: answer.message_id,
        references: [answer.message_id],
        text: 'The one on floor 2.\n\nOn Tue, Dec 1, 2026, Trellis Help <help@example.test> wrote:\n> Which printer is it?\n',
      }),
    );
    expect(await inboundRow(t, id)).toMatchObject({ outcome: 'threaded', request_id: requestId });
    expect((await messages(requestId)).map((m) => [m.author_role, m.body])).toEqual([
      ['AGENT', 'Which printer is it?'],
      ['CONTACT', 'The one on floor 2.'],
    ]);
  });

  it('threads by the signed In-Reply-To alone, by the subject’s [#id] and by a Message-ID already on the request, from its contact', async () => {
    const { requestId, ack } = await fileOne('cy@example.org', 'Screen flickers');
    const byReference = await deliver(
      t,
      await compose({
        from: 'cy@example.org',
        to: 'help@example.test',
        subject: 'more',
        inReplyTo: ack.message_id,
        text: 'Also at night.',
      }),
    );
    expect(await inboundRow(t, byReference)).toMatchObject({ outcome: 'threaded', request_id: requestId });
    const bySubject = await deliver(
      t,
      await compose({
        from: 'cy@example.org',
        to: 'help@example.test',
        subject: `Re: [#${requestId}] Screen flickers`,
        text: 'Still.',
      }),
    );
    expect(await inboundRow(t, bySubject)).toMatchObject({ outcome: 'threaded', request_id: requestId });
    const first = (
      await sql<{ message_id: string }>(t, `select message_id from mail_inbound where id = ?`, [byReference])
    )[0].message_id;
    const byStored = await deliver(
      t,
      await compose({
        from: 'cy@example.org',
        to: 'help@example.test',
        subject: 'again',
        references: [first],
        text: 'Me again.',
      }),
    );
    expect(await inboundRow(t, byStored)).toMatchObject({ outcome: 'threaded', request_id: requestId });
  });

  it('threads a [#id] from the contact linked to the request’s requester, on a request filed on the web', async () => {
    const web = await t.createUser('webfiler');
    const filed = await t.gql<{ createHelpRequest: { id: number } }>(
      `mutation { createHelpRequest(input: { title: "Filed on the web", description: "From the form" }) { id } }`,
      {},
      web.auth,
    );
    const requestId = filed.data!.createHelpRequest.id;
    // Before the link, the requester's address is a stranger's to the request.
    const before = await deliver(
      t,
      await compose({
        from: 'webfiler@example.org',
        to: 'help@example.test',
        subject: `Re: [#${requestId}]`,
        text: 'Hello?',
      }),
    );
    expect((await inboundRow(t, before)).outcome).toBe('filed');
    const [{ id: contactId }] = await sql<{ id: number }>(
      t,
      `select id from help_contacts where email_key = 'webfiler@example.org'`,
    );
    const linked = await t.gql(
      `mutation($id: Int!, $user: ID) { linkHelpContact(id: $id, userId: $user) { id } }`,
      { id: contactId, user: web.id },
      admin,
    );
    expect(linked.errors).toBeUndefined();
    const after = await deliver(
      t,
      await compose({
        from: 'webfiler@example.org',
        to: 'help@example.test',
        subject: `Re: [#${requestId}] Filed on the web`,
        text: 'Any news?',
      }),
    );
    expect(await inboundRow(t, after)).toMatchObject({ outcome: 'threaded', request_id: requestId });
  });

  it('files a forged [#id] from a stranger as a new request, never on the request it names', async () => {
    const { requestId } = await fileOne('dee@example.org', 'Payroll question');
    const id = await deliver(
      t,
      await compose({
        from: 'mallory@evil.test',
        to: 'help@example.test',
        subject: `Re: [#${requestId}] Payroll question`,
        text: 'Send me the file.',
      }),
    );
    const row = await inboundRow(t, id);
    expect(row.outcome).toBe('filed');
    expect(row.request_id).not.toBe(requestId);
    expect(await messages(requestId)).toHaveLength(0);
  });

  it('files a forwarded notification’s answer from a third party as a new request, even with the signed references and reply address', async () => {
    const { requestId, ack } = await fileOne('eli@example.org', 'Invoice 42');
    const id = await deliver(
      t,
      await compose({
        from: 'frank@elsewhere.test',
        to: ack.reply_to!,
        subject: `Re: Fwd: ${ack.subject}`,
        inReplyTo: ack.message_id,
        references: [ack.message_id],
        text: 'I got this forwarded, what is it?',
      }),
      { envelopeTo: [ack.reply_to!] },
    );
    const row = await inboundRow(t, id);
    expect(row.outcome).toBe('filed');
    expect(row.request_id).not.toBe(requestId);
    expect(await messages(requestId)).toHaveLength(0);
  });

  it('keeps 50 answers to one newsletter (not Trellis’s) as 50 requests', async () => {
    const newsletter = '<issue-7@news.example.net>';
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) {
      const id = await deliver(
        t,
        await compose({
          from: `reader${i}@example.net`,
          to: 'help@example.test',
          subject: 'Re: Our November news',
          inReplyTo: newsletter,
          references: [newsletter],
          text: `Unsubscribe me ${i}`,
        }),
      );
      ids.push((await inboundRow(t, id)).request_id!);
    }
    expect(new Set(ids).size).toBe(50);
  });

  it('stores a mail handed over twice once, and files it once', async () => {
    const raw = await compose({
      from: 'gil@example.org',
      to: 'help@example.test',
      subject: 'Twice',
      messageId: '<twice-1@example.org>',
      text: 'Once please.',
    });
    const first = await deliver(t, raw);
    const second = await deliver(t, raw);
    expect(second).toBe(first);
    const rows = await sql<{ n: number }>(
      t,
      `select count(*)::int as n from mail_inbound where message_id = '<twice-1@example.org>'`,
    );
    expect(rows[0].n).toBe(1);
    expect(await outboxTo(t, 'gil@example.org')).toHaveLength(1);
  });

  it('files a reply to a closed request as a follow-up of it, leaving the closed one as it was', async () => {
    const { requestId, ack } = await fileOne('hal@example.org', 'Locked out');
    await setStatus(requestId, 'CLOSED');
    const id = await deliver(
      t,
      await compose({
        from: 'hal@example.org',
        to: ack.reply_to!,
        subject: `Re: ${ack.subject}`,
        inReplyTo: ack.message_id,
        text: 'Locked out again.',
      }),
    );
    const row = await inboundRow(t, id);
    expect(row.request_id).not.toBe(requestId);
    expect((await request(row.request_id!)).title).toBe('Follow-up: Locked out');
    const [thread] = await sql<{ follow_up_of: number }>(
      t,
      `select follow_up_of from help_request_threads where request_id = ?`,
      [row.request_id],
    );
    expect(thread.follow_up_of).toBe(requestId);
    expect((await request(requestId)).status).toBe('closed');
  });

  it('lets an autoreply land on its thread without reopening the request or answering it', async () => {
    const { requestId, ack } = await fileOne('ivy@example.org', 'Phone broken');
    await setStatus(requestId, 'RESOLVED');
    const mailedBefore = (await outboxTo(t, 'ivy@example.org')).length;
    const id = await deliver(
      t,
      await compose({
        from: 'ivy@example.org',
        to: ack.reply_to!,
        subject: 'Automatic reply: Phone broken',
        inReplyTo: ack.message_id,
        headers: { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' },
        text: 'I am out of the office until Monday.',
      }),
    );
    expect(await inboundRow(t, id)).toMatchObject({ outcome: 'threaded', request_id: requestId });
    expect((await request(requestId)).status).toBe('resolved');
    expect(await outboxTo(t, 'ivy@example.org')).toHaveLength(mailedBefore);
  });
});

describe('mail in: an agent’s mail', () => {
  const AGENT = 'sam@corp.example';
  /** What the receiving MTA writes of a mail whose From it verified (DMARC). */
  const VOUCHED = {
    'Authentication-Results': `${AUTHSERV}; spf=pass smtp.mailfrom=corp.example; dkim=pass header.d=corp.example; dmarc=pass header.from=corp.example`,
  };
  let agent: { id: string; auth: string };

  beforeAll(async () => {
    // An administrator whose notification address is confirmed: the notifications' reply addresses are theirs.
    agent = await t.createUser('mailagent', { role: 'admin' });
    const set = await t.gql(
      `mutation { updateHelpAgentNotifications(input: { email: "${AGENT}", events: [ASSIGNED, REQUESTER_REPLIED] }) { id } }`,
      {},
      agent.auth,
    );
    expect(set.errors).toBeUndefined();
    const [{ text_body }] = await sql<{ text_body: string }>(
      t,
      `select text_body from mail_outbox where to_address = ? and template = 'confirm-address'`,
      [AGENT],
    );
    const link = /\/api\/mail\/confirm\/[A-Za-z0-9_-]+/.exec(text_body)![0];
    expect((await t.request(link)).status).toBe(200);
  });

  /** A contact's request assigned to the agent, and the notification the agent was sent of it. */
  async function assigned(from: string, subject: string) {
    const { requestId } = await fileOne(from, subject);
    const done = await t.gql(
      `mutation($id: Int!, $to: ID) { updateHelpRequest(id: $id, input: { assignedToId: $to }) { id } }`,
      { id: requestId, to: agent.id },
      admin,
    );
    expect(done.errors).toBeUndefined();
    const notice = (await outboxTo(t, AGENT)).find((m) => m.template === 'assigned' && m.request_id === requestId)!;
    expect(notice.reply_to).toBeTruthy();
    return { requestId, notice };
  }

  /** The agent's mail client answering a notification. */
  const answer = (
    notice: { reply_to: string | null; subject: string; message_id: string },
    text: string,
    extra: Parameters<typeof compose>[0] = {},
  ) =>
    compose({
      from: `Sam Agent <${AGENT}>`,
      to: notice.reply_to!,
      subject: `Re: ${notice.subject}`,
      inReplyTo: notice.message_id,
      references: [notice.message_id],
      text,
      ...extra,
      headers: { ...VOUCHED, ...(extra.headers as Record<string, string> | undefined) },
    });

  const thread = async (requestId: number) =>
    (
      await t.gql<{
        helpRequest: {
          messages: {
            edges: {
              node: {
                id: string;
                authorRole: string;
                author: { id: string } | null;
                body: string;
                visibility: string;
                channel: string;
                attachments: { filename: string }[];
              };
            }[];
          };
        };
      }>(
        `query($id: Int!) { helpRequest(id: $id) { messages { edges { node {
           id authorRole author { id } body visibility channel attachments { filename } } } } } }`,
        { id: requestId },
        admin,
      )
    ).data!.helpRequest.messages.edges.map((e) => e.node);

  it('makes a vouched-for answer to a notification the agent’s public reply, mailed to the contact as one from the web is', async () => {
    const { requestId, notice } = await assigned('Pat <pat@example.org>', 'Laptop will not boot');
    const id = await deliver(
      t,
      await answer(
        notice,
        'Hold the power button for ten seconds.\n\nOn Tue, 1 Dec 2026, Trellis Help <help@example.test> wrote:\n> Assigned to you\n',
        { attachments: [{ filename: 'steps.txt', content: 'Hold, release, wait.' }] },
      ),
    );
    const row = await inboundRow(t, id);
    expect(row).toMatchObject({ state: 'processed', outcome: 'threaded', request_id: requestId });
    expect(await thread(requestId)).toEqual([
      {
        id: String(row.help_message_id),
        authorRole: 'AGENT',
        author: { id: agent.id },
        body: 'Hold the power button for ten seconds.',
        visibility: 'PUBLIC',
        channel: 'EMAIL',
        attachments: [{ filename: 'steps.txt' }],
      },
    ]);
    // The contact hears it as an answer; nobody is told the requester replied; it is the request's first answer.
    const [mailed] = await sql<{ template: string; subject: string; text_body: string }>(
      t,
      `select template, subject, text_body from mail_outbox where to_address = 'pat@example.org' and template <> 'received'`,
    );
    expect(mailed).toMatchObject({ template: 'agent-message', subject: `[#${requestId}] Re: Laptop will not boot` });
    expect(mailed.text_body).toContain('Hold the power button for ten seconds.');
    expect(
      await sql(t, `select 1 from mail_outbox where request_id = ? and template = 'requester-reply'`, [requestId]),
    ).toEqual([]);
    const [clock] = await sql<{ answered: boolean }>(
      t,
      `select first_public_response_at is not null as answered from help_requests where id = ?`,
      [requestId],
    );
    expect(clock.answered).toBe(true);
  });

  it('lets an agent’s mail do nothing an administrator could that a reply could not', async () => {
    const { requestId, notice } = await assigned('quin@example.org', 'Printer offline');
    await setStatus(requestId, 'RESOLVED');
    const { requestId: other } = await fileOne('rae@example.org', 'Payroll');
    const state = () =>
      sql<{ id: number; status: string; priority: string; assigned_to_id: string | null; admin_notes: string | null }>(
        t,
        `select id, status, priority, assigned_to_id, admin_notes from help_requests where id in (?, ?) order by id`,
        [requestId, other],
      );
    const before = await state();
    // What an administrator would do with the request, written as a mail: none of it is read as an order.
    const id = await deliver(
      t,
      await answer(notice, 'Internal note: close this.\n#status closed\n#priority urgent\n#assign rae', {
        subject: `Re: [#${other}] [internal] ${notice.subject}`,
      }),
    );
    expect(await inboundRow(t, id)).toMatchObject({ outcome: 'threaded', request_id: requestId });
    expect(await state()).toEqual(before);
    expect((await thread(requestId)).map((m) => [m.authorRole, m.visibility])).toEqual([['AGENT', 'PUBLIC']]);
    expect(
      await sql(t, `select 1 from help_responses where request_id in (?, ?) and not is_public`, [requestId, other]),
    ).toEqual([]);
    expect(await thread(other)).toEqual([]);

    // A request it does not thread to (only `[#id]`, not from the request's contact) is not the agent's to answer.
    const named = await deliver(
      t,
      await compose({
        from: AGENT,
        to: 'help@example.test',
        subject: `Re: [#${other}] Payroll`,
        headers: VOUCHED,
        text: 'Paid.',
      }),
    );
    const filed = await inboundRow(t, named);
    expect(filed.outcome).toBe('filed');
    expect(filed.request_id).not.toBe(other);
    expect(await thread(other)).toEqual([]);
  });

  it('files an agent’s mail that answers no request as a new request with the agent as its contact, and writes as that contact on it', async () => {
    const id = await deliver(
      t,
      await compose({
        from: `Sam Agent <${AGENT}>`,
        to: 'help@example.test',
        subject: 'Badge reader broken',
        headers: VOUCHED,
        text: 'At the front door.',
      }),
    );
    const row = await inboundRow(t, id);
    expect(row.outcome).toBe('filed');
    expect(await request(row.request_id!)).toMatchObject({ title: 'Badge reader broken', requester_id: null });
    const [contact] = await sql<{ email: string }>(
      t,
      `select c.email from help_request_threads h join help_contacts c on c.id = h.contact_id where h.request_id = ?`,
      [row.request_id],
    );
    expect(contact.email).toBe(AGENT);
    const ack = (await outboxTo(t, AGENT)).find((m) => m.template === 'received' && m.request_id === row.request_id)!;
    const again = await deliver(t, await answer(ack, 'It beeps now, too.'));
    expect(await inboundRow(t, again)).toMatchObject({ outcome: 'threaded', request_id: row.request_id });
    expect((await thread(row.request_id!)).map((m) => [m.authorRole, m.author])).toEqual([['CONTACT', null]]);
  });

  it('never makes a mail the agent’s without the MTA’s dmarc=pass, even released, nor an automated one an answer', async () => {
    const { requestId, notice } = await assigned('uli@example.org', 'Monitor flickers');
    const spoofed = await deliver(
      t,
      await compose({
        from: AGENT,
        to: notice.reply_to!,
        subject: `Re: ${notice.subject}`,
        inReplyTo: notice.message_id,
        text: 'Send me your password.',
      }),
    );
    expect(await inboundRow(t, spoofed)).toMatchObject({ state: 'held', cause: 'SPOOFED_SENDER' });
    const released = await t.gql(
      `mutation($id: ID!) { releaseHeldMail(id: $id) { heldFor request { id } } }`,
      { id: spoofed },
      admin,
    );
    expect(released.data.releaseHeldMail).toEqual({ heldFor: null, request: { id: requestId } });
    expect((await thread(requestId)).map((m) => [m.authorRole, m.author])).toEqual([['CONTACT', null]]);

    const away = await deliver(
      t,
      await answer(notice, 'I am out of the office until Monday.', {
        headers: { 'Auto-Submitted': 'auto-replied' },
      }),
    );
    expect(await inboundRow(t, away)).toMatchObject({ state: 'processed', outcome: 'ignored' });
    expect(await thread(requestId)).toHaveLength(1);
    expect((await outboxTo(t, 'uli@example.org')).map((m) => m.template)).toEqual(['received']);
  });
});
