// Playwright (playwright-core) driving Debian's Chromium.
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
  desktop: { width: 1440, height: 900 },
} as const;

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
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
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport: keyof typeof VIEWPORTS = 'desktop',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[viewport], locale: 'en-CA' });
  const page = await context.newPage();
  return { context, page };
}

export async function signIn(page: Page, user: string, password = 'Demo!2026apex'): Promise<void> {
  await page.locator('#loginForm input[name="UserName"]').fill(user);
  await page.locator('#loginForm input[name="Password"]').fill(password);
  await page.locator('#loginForm button[type="submit"]').click();
}
