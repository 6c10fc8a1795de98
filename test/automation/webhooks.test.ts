import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { rowsOf } from '../helpdesk/support.js';
import { AUTOMATION_ENV, automation, Receiver, WEBHOOK_FIELDS } from './support.js';

const HOUR = 3_600_000;
let offset = 0;
let t: TestApp;
let a: Awaited<ReturnType<typeof automation>>;
let alice: { id: string; auth: string };
let receiver: Receiver;

beforeAll(async () => {
  t = await startTestApp(AUTOMATION_ENV, { now: () => new Date(Date.now() + offset) });
  a = await automation(t);
  alice = await t.createUser('alice');
  receiver = await Receiver.start();
});
afterAll(async () => {
  await receiver?.close();
  await t?.stop();
});
afterEach(async () => {
  offset = 0;
  await a.deleteWebhooks();
});

const CREATE = `mutation($input: CreateHelpWebhookInput!) { createHelpWebhook(input: $input) { webhook { id } secret } }`;

describe('creating a webhook', () => {
  it('answers the webhook and its whsec_ secret once; the list never shows a secret', async () => {
    const { webhook, secret } = await a.createWebhook(receiver.url, ['CREATED', 'STATUS_CHANGED'], 'Chat');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(webhook).toMatchObject({
      url: receiver.url,
      events: ['CREATED', 'STATUS_CHANGED'],
      active: true,
      description: 'Chat',
      droppedEvents: 0,
    });
    const listed = await t.gql(`{ helpWebhooks { ${WEBHOOK_FIELDS} } }`, {}, a.admin);
    expect(JSON.stringify(listed)).not.toContain(secret.slice(6));
    expect(await t.gql('{ helpWebhooks { secret } }', {}, a.admin)).toMatchObject({ status: 400 });
  });

  it('stores the secret sealed: the database alone holds nothing that signs', async () => {
    const { webhook, secret } = await a.createWebhook(receiver.url);
    const rows = await rowsOf(t, 'select * from help_webhooks where id = $1', [webhook.id]);
    expect(JSON.stringify(rows)).not.toContain(secret.slice(6));
    expect(rows[0].secret_sealed).toMatch(/^v1:/);
  });

  it.each([
    ['http://hooks.example.com/in', /https URL/],
    ['https://10.0.0.1/in', /not an IP address/],
    ['https://169.254.169.254/latest/meta-data/', /not an IP address/],
    ['https://[fd00::1]/in', /not an IP address/],
    // A name that resolves to loopback, refused after DNS.
    ['https://localhost/in', /not a public address/],
    ['https://nowhere.invalid/in', /could not be resolved/],
  ])('refuses %s with BAD_USER_INPUT on url, and keeps nothing', async (url, message) => {
    const res = await t.gql(CREATE, { input: { url, events: ['CREATED'] } }, a.admin);
    expect(res.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'url' } });
    expect(res.errors?.[0]?.message).toMatch(message);
    expect(await rowsOf(t, 'select id from help_webhooks')).toEqual([]);
  });

  it('refuses an unknown event', async () => {
    const res = await t.gql(CREATE, { input: { url: receiver.url, events: ['EXPLODED'] } }, a.admin);
    expect(res.status).toBe(400);
    expect(await rowsOf(t, 'select id from help_webhooks')).toEqual([]);
  });

  it('is for administrators only: anyone else is refused before anything is kept', async () => {
    const input = { url: receiver.url, events: ['CREATED'] };
    expect((await t.gql(CREATE, { input })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await t.gql(CREATE, { input }, alice.auth)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await t.gql('{ helpWebhooks { id } }', {}, alice.auth)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await rowsOf(t, 'select id from help_webhooks')).toEqual([]);
  });

  it('is recorded in the audit trail', async () => {
    const { webhook } = await a.createWebhook(receiver.url);
    const events = await rowsOf(t, "select action, target_id from audit_events where target_type = 'help_webhook'");
    expect(events).toContainEqual({ action: 'help_webhook.create', target_id: webhook.id });
  });
});

describe('rotating a secret', () => {
  const ROTATE = `mutation($id: ID!) { rotateHelpWebhookSecret(id: $id) { webhook { id } secret } }`;

  it('shows a new secret once, and the old one keeps signing beside it for 24 hours', async () => {
    const { webhook, secret: old } = await a.createWebhook(receiver.url);
    const rotated = await a.ok(ROTATE, { id: webhook.id });
    const fresh = rotated.rotateHelpWebhookSecret.secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(old);

    const service = t.app.services.automation.webhooks;
    const [row] = await rowsOf(t, 'select * from help_webhooks where id = $1', [webhook.id]);
    expect(service.signingSecrets(webhook.id, row, new Date())).toEqual([fresh, old]);
    expect(service.signingSecrets(webhook.id, row, new Date(Date.now() + 24 * HOUR + 1000))).toEqual([fresh]);
  });

  it('answers NOT_FOUND for a webhook that does not exist', async () => {
    const res = await t.gql(ROTATE, { id: 'f'.repeat(32) }, a.admin);
    expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await t.gql(ROTATE, { id: 'nope' }, a.admin)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('deleting a webhook', () => {
  it('removes it with its delivery log', async () => {
    const { webhook } = await a.createWebhook(receiver.url);
    expect(await a.ok('mutation($id: ID!) { deleteHelpWebhook(id: $id) }', { id: webhook.id })).toEqual({
      deleteHelpWebhook: true,
    });
    expect(await a.webhook(webhook.id)).toBeUndefined();
    const again = await t.gql('mutation($id: ID!) { deleteHelpWebhook(id: $id) }', { id: webhook.id }, a.admin);
    expect(again.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('without WEBHOOK_SECRETS_KEY', () => {
  it('refuses to make a webhook, saying what is missing, and a gateway with webhooks does not start', async () => {
    await a.createWebhook(receiver.url);
    const { WEBHOOK_SECRETS_KEY: _key, ...rest } = AUTOMATION_ENV;
    await expect(startTestApp({ ...rest, WEBHOOK_SECRETS_KEY: '' }, { replicaOf: t })).rejects.toThrow(
      /WEBHOOK_SECRETS_KEY: is required once a help webhook exists/,
    );
    await a.deleteWebhooks();
    const keyless = await startTestApp({ ...rest, WEBHOOK_SECRETS_KEY: '' }, { replicaOf: t });
    try {
      const res = await keyless.gql(
        CREATE,
        { input: { url: receiver.url } },
        await keyless.login('admin', 'Adm1n!strator'),
      );
      expect(res.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
      expect(res.errors?.[0]?.message).toMatch(/WEBHOOK_SECRETS_KEY/);
    } finally {
      await keyless.stop();
    }
  });

  it('refuses a key shorter than 32 characters at start-up', async () => {
    await expect(startTestApp({ ...AUTOMATION_ENV, WEBHOOK_SECRETS_KEY: 'short' }, { replicaOf: t })).rejects.toThrow(
      /WEBHOOK_SECRETS_KEY: must be at least 32 characters/,
    );
  });
});
