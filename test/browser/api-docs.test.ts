import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { hasChromium, launchBrowser, offlineBut, SKIPPED, type Browser } from '../helpers/browser.js';

/** The REST docs page (Swagger UI) renders from the gateway alone, in production, within its Content-Security-Policy. */
if (!hasChromium) console.warn(`API docs in Chromium: ${SKIPPED}`);

describe.skipIf(!hasChromium)(`GET /api/docs, offline, in Chromium${hasChromium ? '' : ` (${SKIPPED})`}`, () => {
  let t: TestApp;
  let browser: Browser;
  let elsewhere: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    browser = await launchBrowser();
    elsewhere = await offlineBut(browser, t.url);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('shows every operation, with no CSP violation, no script error and no request leaving the server', async () => {
    const page = await browser.context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    // Collected in the page itself: the browser reports each blocked load, script or style there.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });

    const res = await page.goto(`${t.url}/api/docs`);
    expect(res?.status()).toBe(200);
    await page.waitForSelector('.opblock', { timeout: 20_000 });

    const paths = await page.locator('.opblock-summary-path').allTextContents();
    const shown = new Set(paths.map((p) => p.replace(/\u200b/g, '').trim()));
    for (const route of t.app.restRoutes) expect(shown, route.path).toContain(route.path.replace(/:(\w+)/g, '{$1}'));
    const summaries = (await page.locator('.opblock-summary-description').allTextContents()).join('\n');
    expect(summaries).toContain('File a help request');

    // Opening an operation renders its parameters and responses from the document.
    await page.locator('#operations-risk-getApiRiskWildfire .opblock-summary').click();
    await page.waitForSelector('#operations-risk-getApiRiskWildfire .parameters', { timeout: 10_000 });
    expect(await page.locator('#operations-risk-getApiRiskWildfire').textContent()).toContain('5-digit US ZIP code');

    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(elsewhere).toEqual([]);
    await page.close();
  }, 60_000);
});
