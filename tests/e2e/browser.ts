// Playwright (playwright-core) driving Debian's Chromium.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
  desktop: { width: 1440, height: 900 },
} as const;

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ARGS });
}

/** A browser with a real (non-incognito) profile, as an installed PWA has; closed with the context. */
export async function launchProfile(
  baseURL: string,
  viewport: keyof typeof VIEWPORTS = 'phone',
): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'apex-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ARGS,
    baseURL,
    viewport: VIEWPORTS[viewport],
    locale: 'en-CA',
    // The demo people work in Toronto: the phone's day is Toronto's, whatever this machine's zone
    // and hour (a punch near midnight UTC must not land on another day than the office's).
    timezoneId: DEVICE_TIME_ZONE,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The time zone of the devices in the journeys (the demo company's head office). */
export const DEVICE_TIME_ZONE = 'America/Toronto';

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport: keyof typeof VIEWPORTS = 'desktop',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: VIEWPORTS[viewport],
    locale: 'en-CA',
    timezoneId: DEVICE_TIME_ZONE,
  });
  const page = await context.newPage();
  return { context, page };
}

export async function signIn(page: Page, user: string, password = 'Demo!2026apex'): Promise<void> {
  await page.locator('#loginForm input[name="UserName"]').fill(user);
  await page.locator('#loginForm input[name="Password"]').fill(password);
  await page.locator('#loginForm button[type="submit"]').click();
}
