import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, DEFAULT_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { hasChromium, launchBrowser, SKIPPED, type Browser } from '../helpers/browser.js';

/**
 * The help desk's web page in a real browser: a static page on another localhost port, calling the gateway with
 * fetch (mode cors, credentials include, JSON and X-Origin headers) and signed in by the session cookie alone.
 */
const PAGE_HTML = readFileSync(new URL('./help-desk-page.html', import.meta.url), 'utf8');

if (!hasChromium) console.warn(`The help desk page in Chromium: ${SKIPPED}`);

describe.skipIf(!hasChromium)(`The help desk page in Chromium${hasChromium ? '' : ` (${SKIPPED})`}`, () => {
  let t: TestApp;
  let pageServer: Server;
  let pageUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    pageServer = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE_HTML),
    );
    await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
    const pageOrigin = `http://localhost:${(pageServer.address() as AddressInfo).port}`;
    t = await startTestApp({ NODE_ENV: 'production', CORS_ORIGINS: pageOrigin });
    pageUrl = `${pageOrigin}/?api=${encodeURIComponent(t.url.replace('127.0.0.1', 'localhost'))}`;
    await t.createUser('alice', {});
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
    pageServer?.closeAllConnections();
    await new Promise((resolve) => pageServer?.close(resolve));
  });

  /** Opens the page, recording what a user would never want: failed calls and console errors. */
  async function open(): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.context.newPage();
    const problems: string[] = [];
    // The page asks who is signed in on load; a 401 there is an answer it reads (Chromium logs every 4xx).
    page.on(
      'console',
      (m) => m.type() === 'error' && !m.text().includes('status of 401') && problems.push(`console: ${m.text()}`),
    );
    page.on('pageerror', (e) => problems.push(`page: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`));
    await page.goto(pageUrl);
    await page.waitForSelector('body[data-ready="true"]');
    return { page, problems };
  }

  async function signIn(page: Page, uid: string, password: string) {
    await page.fill('#uid', uid);
    await page.fill('#password', password);
    await page.click('#signin-button');
    await page.waitForSelector('#session:not([hidden])');
  }

  it('signs a user in with the cookie, lists their requests, files one, and signs out', async () => {
    const { page, problems } = await open();
    await signIn(page, 'alice', DEFAULT_PASSWORD);
    await expect.poll(() => page.textContent('#who')).toBe('Signed in as alice (User)');
    expect(await page.locator('#admin').isHidden()).toBe(true);
    expect(await page.locator('li.request').count()).toBe(0);

    await page.fill('#new-title', 'VPN drops every hour');
    await page.fill('#new-description', 'Since the update.');
    await page.click('#file-button');
    await expect.poll(() => page.textContent('#filed')).toMatch(/^Filed #\d+$/);
    await expect
      .poll(() => page.locator('li.request .label').allTextContents())
      .toEqual(['VPN drops every hour | open | alice | technical | medium']);

    // The token never reaches the page's script: the cookie is HttpOnly.
    expect(await page.evaluate(() => document.cookie)).toBe('');
    const cookies = await browser.context.cookies();
    expect(cookies.find((c) => c.name === 'trellis_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      secure: true,
    });

    await page.click('#signout-button');
    await page.waitForSelector('#signin:not([hidden])');
    expect((await browser.context.cookies()).find((c) => c.name === 'trellis_session')).toBeUndefined();
    expect(problems).toEqual([]);
    await page.close();
  });

  it("refuses a wrong password on the page with the server's message and no session", async () => {
    const { page, problems } = await open();
    await page.fill('#uid', 'alice');
    await page.fill('#password', 'not-her-Passw0rd');
    await page.click('#signin-button');
    await expect.poll(() => page.textContent('#signin-error')).toBe('Invalid username or password');
    expect(await page.locator('#session').isHidden()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lets an administrator change a status, read the statistics, and add, edit and delete an FAQ', async () => {
    const { page, problems } = await open();
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await expect.poll(() => page.textContent('#who')).toBe('Signed in as admin (Admin)');
    await page.waitForSelector('#admin:not([hidden])');
    await expect.poll(() => page.textContent('#stats')).toBe('total 1, open 1, in progress 0, resolved 0');

    const request = page.locator('li.request', { hasText: 'VPN drops every hour' });
    await request.locator('select.status').selectOption('in_progress');
    await request.locator('button.set-status').click();
    await expect
      .poll(() => page.locator('li.request .label').allTextContents())
      .toEqual(['VPN drops every hour | in_progress | alice | technical | medium']);
    await expect.poll(() => page.textContent('#stats')).toBe('total 1, open 0, in progress 1, resolved 0');

    await page.fill('#faq-question', 'How do I reset my password?');
    await page.fill('#faq-answer', 'Ask an administrator.');
    await page.click('#faq-add');
    await expect
      .poll(() => page.locator('li.faq .label').allTextContents())
      .toEqual(['How do I reset my password? Ask an administrator.']);
    await page.fill('#faq-answer', 'Use the self-service page.');
    await page.click('li.faq button.edit-faq');
    await expect
      .poll(() => page.locator('li.faq .label').allTextContents())
      .toEqual(['How do I reset my password? Use the self-service page.']);
    await page.click('li.faq button.delete-faq');
    await expect.poll(() => page.locator('li.faq').count()).toBe(0);

    // What the page did is what the server holds.
    const admin = await t.login('admin', ADMIN_PASSWORD);
    const listed = await t.request('/api/help/requests', { headers: { authorization: admin } });
    expect(listed.body.requests).toMatchObject([
      { title: 'VPN drops every hour', status: 'in_progress', user_name: 'alice' },
    ]);
    expect((await t.request('/api/help/faqs')).body.total_count).toBe(0);
    await page.click('#signout-button');
    await page.waitForSelector('#signin:not([hidden])');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('cannot write from a page on an origin that is not allowed, though the browser holds the cookie', async () => {
    const { page } = await open();
    await signIn(page, 'admin', ADMIN_PASSWORD);
    const before = (
      await t.request('/api/help/requests', { headers: { authorization: await t.login('admin', ADMIN_PASSWORD) } })
    ).body.pagination.total;
    // Another page on this site (a different port): a form post carries the cookie, as a browser sends it.
    const hostile = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' })
        .end(`<form method="post" action="${t.url.replace('127.0.0.1', 'localhost')}/api/help/requests">
        <input name="title" value="Forged"><input name="description" value="csrf"></form>
        <script>document.forms[0].submit()</script>`),
    );
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    try {
      const forged = await browser.context.newPage();
      const statuses: number[] = [];
      forged.on('response', (r) => r.request().method() === 'POST' && statuses.push(r.status()));
      await forged.goto(`http://localhost:${(hostile.address() as AddressInfo).port}/`, { waitUntil: 'commit' });
      await forged.waitForURL('**/api/help/requests');
      await expect.poll(() => forged.textContent('body')).toContain('Cross-site request refused');
      expect(statuses).toEqual([403]);
      await forged.close();
    } finally {
      hostile.closeAllConnections(); // the browser keeps its connection alive
      await new Promise((resolve) => hostile.close(resolve));
    }
    const after = (
      await t.request('/api/help/requests', { headers: { authorization: await t.login('admin', ADMIN_PASSWORD) } })
    ).body.pagination.total;
    expect(after).toBe(before);
    await page.close();
  });
});
