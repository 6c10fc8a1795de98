import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { hasChromium, launchBrowser, offlineBut, SKIPPED, type Browser } from '../helpers/browser.js';

/** The development IDE works with no network beyond the gateway: every request to another host is cut off. */
if (!hasChromium) console.warn(`GraphiQL in Chromium: ${SKIPPED}`);

describe.skipIf(!hasChromium)(
  `GraphiQL in development, offline, in Chromium${hasChromium ? '' : ` (${SKIPPED})`}`,
  () => {
    let t: TestApp;
    let browser: Browser;
    let elsewhere: string[] = [];

    beforeAll(async () => {
      t = await startTestApp({ NODE_ENV: 'development' });
      browser = await launchBrowser();
      elsewhere = await offlineBut(browser, t.url);
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await t?.stop();
    });

    it('loads from the gateway alone in development, reads the schema, runs a query, and subscribes over graphql-ws', async () => {
      // The editor starts with this document (GraphiQL keeps the last one in localStorage).
      await browser.context.addInitScript(() => {
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem('graphiql:query', '{ health { status version } }');
        }
      });
      const page = await browser.context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      const sockets: string[] = [];
      page.on('websocket', (ws) => sockets.push(ws.url()));

      const schemaRead = page.waitForResponse(
        (r) =>
          r.url().endsWith('/graphql') &&
          r.request().method() === 'POST' &&
          /__schema/.test(r.request().postData() ?? ''),
      );
      await page.goto(`${t.url}/graphql`);
      expect((await schemaRead).status()).toBe(200);
      await page.waitForSelector('.graphiql-execute-button', { timeout: 20_000 });

      await page.click('.graphiql-execute-button');
      await expect.poll(() => page.locator('.result-window').textContent(), { timeout: 10_000 }).toContain('healthy');

      await page.evaluate(() =>
        localStorage.setItem('graphiql:query', 'subscription { helpRequestChanged { requestId } }'),
      );
      await page.reload();
      await page.waitForSelector('.graphiql-execute-button', { timeout: 20_000 });
      await page.click('.graphiql-execute-button');
      // Anonymous: the server answers the subscription over the WebSocket with UNAUTHENTICATED.
      await expect
        .poll(() => page.locator('.result-window').textContent(), { timeout: 10_000 })
        .toContain('UNAUTHENTICATED');
      expect(sockets.map((u) => new URL(u).pathname)).toContain('/graphql');

      expect(elsewhere).toEqual([]);
      expect(pageErrors).toEqual([]);
      await page.close();
    }, 60_000);
  },
);
