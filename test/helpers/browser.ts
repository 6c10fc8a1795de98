import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's Chromium: the browser tests drive it, and never download one. */
export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
export const SKIPPED = `skipped: ${CHROMIUM} is not installed (apt-get install -y --no-install-recommends chromium)`;

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Headless Chromium with a fresh profile, quiet: no background traffic, no component or sync downloads. */
export async function launchBrowser(): Promise<Browser> {
  const profile = await mkdtemp(path.join(tmpdir(), 'trellis-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Cuts the browser off from every host but the gateway's, as if offline; returns the list of URLs it tried to
 * reach elsewhere (a page that works offline leaves it empty).
 */
export async function offlineBut(browser: Browser, gatewayUrl: string): Promise<string[]> {
  const elsewhere: string[] = [];
  const own = new URL(gatewayUrl).host;
  await browser.context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.host === own || url.protocol === 'blob:' || url.protocol === 'data:') return route.continue();
    elsewhere.push(url.href);
    return route.abort('internetdisconnected');
  });
  return elsewhere;
}
