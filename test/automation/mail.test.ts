import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailService } from '../../src/automation/mail.js';
import { modules } from '../../src/modules.js';
import { defineModule } from '../../src/platform/module.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { rowsOf } from '../helpdesk/support.js';
import { AUTOMATION_ENV, automation } from './support.js';

/*
 * Rules with mail actions in a gateway that runs a mail module: a module named `mail` whose service keeps each
 * templated mail as a row of the caller's transaction, as the mail module's outbox does (what it then sends, and
 * how, is the mail module's own suite).
 */
const TEMPLATES = new Set(['acknowledgement', 'escalation']);
const mailService: MailService = {
  hasTemplate: (name) => TEMPLATES.has(name),
  enqueueTemplate: async (em, mail) => {
    await em.execute('insert into test_mail_outbox (request_id, recipients, template, by_rule) values (?, ?, ?, ?)', [
      mail.requestId,
      mail.to,
      mail.template,
      mail.byRule ?? null,
    ]);
  },
};
const mailModule = defineModule({ name: 'mail', requires: ['helpdesk'], typeDefs: [], services: () => mailService });

let t: TestApp;
let a: Awaited<ReturnType<typeof automation>>;
let alice: { id: string; auth: string };

beforeAll(async () => {
  t = await startTestApp(AUTOMATION_ENV, { modules: [...modules.filter((m) => m.name !== 'mail'), mailModule] });
  a = await automation(t);
  alice = await t.createUser('alice');
  await rowsOf(
    t,
    'create table test_mail_outbox (request_id int not null, recipients text not null, template text not null, by_rule text)',
  );
});
afterAll(() => t?.stop());

const CREATE = 'mutation($input: CreateHelpTriggerInput!) { createHelpTrigger(input: $input) { id } }';

describe('mail actions with the mail module', () => {
  it('are saved when their template exists, and queue their mail in the change’s transaction', async () => {
    const id = await a.createTrigger({
      name: 'Acknowledge',
      events: ['CREATED'],
      actions: [
        { type: 'MAIL_CONTACT', value: 'acknowledgement' },
        { type: 'MAIL_AGENTS', value: 'escalation' },
      ],
    });
    const request = await a.file(alice.auth, { contactEmail: 'ann@example.com' });
    expect(await rowsOf(t, 'select * from test_mail_outbox where request_id = $1', [request])).toEqual([
      { request_id: request, recipients: 'contact', template: 'acknowledgement', by_rule: `trigger:${id}` },
      { request_id: request, recipients: 'agents', template: 'escalation', by_rule: `trigger:${id}` },
    ]);
  });

  it('are refused when the template does not exist, naming it', async () => {
    const res = await t.gql(
      CREATE,
      { input: { name: 'x', events: ['CREATED'], actions: [{ type: 'MAIL_CONTACT', value: 'no-such-template' }] } },
      a.admin,
    );
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'actions[0].value' });
    expect(res.errors?.[0]?.message).toContain('no-such-template');
  });
});
