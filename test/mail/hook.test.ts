import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer.js';

const MAIL_ENV = {
  MAIL_FROM: 'Trellis Help <help@example.test>',
  MAIL_REPLY_DOMAIN: 'reply.example.test',
  MAIL_SECRET: 'mail-secret-for-tests-0123456789abcdef',
  MAIL_POLL_SECONDS: '3600',
};
const RESPOND = `mutation($id: Int!, $input: RespondToHelpRequestInput!) { respondToHelpRequest(id: $id, input: $input) { id } }`;
const REPLY = `mutation($id: Int!, $body: String!) { replyToHelpRequest(id: $id, input: { body: $body }) { message { id } } }`;
const NOTIFY = `mutation($input: UpdateHelpAgentNotificationsInput!) { updateHelpAgentNotifications(input: $input) { email confirmed events } }`;

describe.each(['production', 'development'])('what the help desk mails (%s)', (mode) => {
  let peer: SmtpPeer;
  let t: TestApp;
  let admin: string;
  let alice: { id: string; auth: string };

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await startTestApp({ NODE_ENV: mode, SMTP_URL: peer.url, ...MAIL_ENV });
    admin = await t.login('admin', ADMIN_PASSWORD);
    alice = await t.createUser(`malice${mode.slice(0, 3)}`);
  });
  afterAll(async () => {
    await t?.stop();
    await peer?.close();
  });
  beforeEach(() => {
    peer.received.length = 0;
  });

  const drain = () => t.app.services.mail.outbox.worker.drain();
  async function file(contactEmail = 'ana@example.org') {
    const res = await t.gql<{ createHelpRequest: { id: number } }>(
      'mutation($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { id } }',
      { input: { title: 'Printer jams', description: 'On every page', contactEmail } },
      alice.auth,
    );
    return res.data!.createHelpRequest.id;
  }

  it('mails the contact an agent’s public message and the resolution, never an internal one, and shows how it went', async () => {
    const id = await file();
    await t.gql(RESPOND, { id, input: { response: 'Internal: the fuser is worn', isPublic: false } }, admin);
    await t.gql(RESPOND, { id, input: { response: 'Which printer?' } }, admin);
    await t.gql(RESPOND, { id, input: { response: 'Replaced the fuser', newStatus: 'RESOLVED' } }, admin);
    await drain();
    const mails = await peer.waitFor(3);
    // One batch is sent concurrently: compared in order of subject and text.
    expect(mails.map((m) => [m.envelope.to[0], m.parsed.subject, m.parsed.text?.split('\n')[2]]).sort()).toEqual([
      ['ana@example.org', `[#${id}] Re: Printer jams`, 'Replaced the fuser'],
      ['ana@example.org', `[#${id}] Re: Printer jams`, 'Which printer?'],
      [
        'ana@example.org',
        `[#${id}] Resolved: Printer jams`,
        'If something is still wrong, reply to this mail and the request opens again.',
      ],
    ]);
    expect(mails.map((m) => m.raw).join('\n')).not.toContain('fuser is worn');

    const thread = await t.gql(
      `query($id: Int!) { helpRequest(id: $id) { messages { edges { node { body visibility deliveries { recipient state attempts } } } } } }`,
      { id },
      admin,
    );
    const nodes = thread.data.helpRequest.messages.edges.map((e: { node: unknown }) => e.node);
    expect(nodes[0]).toMatchObject({ visibility: 'INTERNAL', deliveries: [] });
    expect(nodes[1].deliveries).toEqual([{ recipient: 'ana@example.org', state: 'SENT', attempts: 1 }]);
  });

  it('never mails a blocked contact', async () => {
    const id = await file('blocked@example.org');
    const contact = await t.gql(`query($id: Int!) { helpRequest(id: $id) { contact { id } } }`, { id }, admin);
    await t.gql(
      'mutation($id: Int!) { blockHelpContact(id: $id) { id } }',
      { id: contact.data.helpRequest.contact.id },
      admin,
    );
    await t.gql(RESPOND, { id, input: { response: 'Hello?' } }, admin);
    await drain();
    expect(peer.received).toHaveLength(0);
  });

  it('mails an administrator who asked only once the address is confirmed by the one-time link', async () => {
    const agent = await t.createUser(`agent${mode.slice(0, 3)}`, { role: 'admin' });
    const set = await t.gql(
      NOTIFY,
      { input: { email: 'agent@example.org', events: ['REQUESTER_REPLIED', 'ASSIGNED'] } },
      agent.auth,
    );
    expect(set.data.updateHelpAgentNotifications).toEqual({
      email: 'agent@example.org',
      confirmed: false,
      events: ['REQUESTER_REPLIED', 'ASSIGNED'],
    });
    expect(
      (await t.gql(NOTIFY, { input: { email: 'x@example.org', events: [] } }, alice.auth)).errors?.[0]?.extensions
        ?.code,
    ).toBe('FORBIDDEN');
    await drain();
    const [confirmation] = await peer.waitFor(1);
    expect(confirmation.envelope.to).toEqual(['agent@example.org']);
    const link = /\/api\/mail\/confirm\/[A-Za-z0-9_-]+/.exec(confirmation.parsed.text!)![0];

    // Before the address is confirmed, nothing else goes to it.
    const id = await file('requester@example.org');
    await t.gql(REPLY, { id, body: 'Any news?' }, alice.auth);
    await drain();
    expect(peer.received).toHaveLength(1);

    expect((await t.request(link)).status).toBe(200);
    expect((await t.request(link)).status).toBe(404); // used once
    expect((await t.request('/api/mail/confirm/forged-token-0123456789')).status).toBe(404);

    await t.gql(REPLY, { id, body: 'Still waiting' }, alice.auth);
    await t.gql(
      'mutation($id: Int!, $to: ID) { updateHelpRequest(id: $id, input: { assignedToId: $to }) { id } }',
      { id, to: agent.id },
      admin,
    );
    await drain();
    const mails = await peer.waitFor(3);
    expect(
      mails
        .slice(1)
        .map((m) => [m.envelope.to[0], m.parsed.subject])
        .sort(),
    ).toEqual([
      ['agent@example.org', `[#${id}] Assigned to you: Printer jams`],
      ['agent@example.org', `[#${id}] New reply: Printer jams`],
    ]);
    expect(mails.find((m) => m.parsed.subject?.includes('New reply'))!.parsed.text).toContain('Still waiting');
    expect(mails.some((m) => m.parsed.text?.includes('Any news?'))).toBe(false);
  });
});

describe('the help desk without an SMTP server', () => {
  it('mails nothing and says so in deliveries', async () => {
    const t = await startTestApp({ MAIL_POLL_SECONDS: '3600' });
    try {
      const admin = await t.login('admin', ADMIN_PASSWORD);
      const alice = await t.createUser('quietalice');
      const created = await t.gql(
        'mutation($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { id } }',
        { input: { title: 'Printer', description: 'Jams', contactEmail: 'ana@example.org' } },
        alice.auth,
      );
      const id = created.data.createHelpRequest.id as number;
      await t.gql(RESPOND, { id, input: { response: 'Which printer?' } }, admin);
      await t.app.services.mail.outbox.worker.drain();
      const thread = await t.gql(
        `query($id: Int!) { helpRequest(id: $id) { messages { edges { node { deliveries { state lastError } } } } } }`,
        { id },
        admin,
      );
      expect(thread.data.helpRequest.messages.edges[0].node.deliveries).toEqual([
        { state: 'SKIPPED', lastError: expect.stringMatching(/SMTP_URL/) },
      ]);
    } finally {
      await t.stop();
    }
  });
});
