// The notices' administration, end to end: Alex (admin) writes a bulletin for Toronto Central (a save
// with no subject is refused with "Required" under the subject), delivers it, and writes a legal notice
// for Sam Taylor alone (the same refusal under an empty title). Sam signs in on a phone, acknowledges
// the legal notice before anything else, and finds the bulletin in his inbox. Alex sees the
// acknowledgement counted and deletes the notice. The server is checked for what each screen says;
// axe finds nothing serious on the administration screens and the inbox at phone and desktop size.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { errorOf, expectAccessible } from './axe';
import { launch, newPage, signIn, VIEWPORTS } from './browser';
import { api, employeeIdOf } from './server-checks';

const baseUrl = inject('baseUrl');
const shots = join(import.meta.dirname, '..', '..', '.tmp', 'notices-admin');
const RUN = Date.now() % 100_000;
const SUBJECT = `Parking at Toronto Central ${RUN}`;
const TITLE = `Event photo consent ${RUN}`;

let browser: Browser;
beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launch();
});

interface LegalNotice {
  LegalNoticeID: number;
  Title: string;
  AudienceType: string;
  AudienceIDs: number[];
  AcknowledgedCount: number | null;
  Version: number;
}
interface Bulletin {
  BulletinID: number;
  Subject: string;
  AudienceType: string;
  AudienceIDs: number[];
  DeliveredCount: number;
}

const findNotice = async () =>
  (await api<LegalNotice[]>('admin', 'legal-notices')).find((n) => n.Title === TITLE);

afterAll(async () => {
  // The notice would stop Sam at his next sign-in in a later journey: never leave it behind.
  const left = await findNotice().catch(() => undefined);
  if (left) await api('admin', `legal-notices/${left.LegalNoticeID}?version=${left.Version}`, 'DELETE');
  await browser?.close();
});

/** Picks `option` in a Mantine multi-select, by keyboard (an empty one shows no text field to click). */
async function choose(field: Locator, option: string, typed?: string) {
  await field.focus();
  if (typed) await field.fill(typed);
  await field.press('ArrowDown');
  await field.page().getByRole('option', { name: option, exact: true }).click();
  await field.press('Escape');
}

/** The page has no sideways scrolling. */
async function expectFits(page: Page) {
  const widths = await page.evaluate(() => [document.scrollingElement?.scrollWidth ?? 0, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]);
}

describe('notices administration', () => {
  it('a bulletin and a legal notice written, delivered and seen by their audience', {
    timeout: 180_000,
  }, async () => {
    const staffId = await employeeIdOf('staff');
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      // A bulletin: refused without a subject, then saved for Toronto Central and delivered.
      await page.goto('/account/login?returnUrl=%2Fadmin%2Fbulletins');
      await signIn(page, 'admin');
      await page.getByRole('heading', { name: 'Write bulletins' }).waitFor();
      await page.getByRole('button', { name: 'New bulletin' }).click();
      const editor = page.getByRole('dialog', { name: 'New bulletin' });
      await editor.getByRole('button', { name: 'Save' }).click();
      expect(await errorOf(editor.getByRole('textbox', { name: 'Subject' }))).toBe('Required');
      expect(await errorOf(editor.getByRole('textbox', { name: 'Message' }))).toBe('Required');
      await expectAccessible(page, 'bulletin editor, desktop');
      await editor.getByRole('textbox', { name: 'Subject' }).fill(SUBJECT);
      await editor
        .getByRole('textbox', { name: 'Message' })
        .fill('The lot behind the office is closed on Friday: please park on Front Street.');
      await choose(editor.getByLabel('Offices', { exact: true }), 'Toronto Central');
      await editor.getByRole('button', { name: 'Save' }).click();
      await editor.waitFor({ state: 'detached' });
      const row = page.getByRole('row').filter({ hasText: SUBJECT });
      await row.waitFor();
      expect(await row.textContent()).toContain('Toronto Central');
      await row.getByRole('button', { name: 'Deliver' }).click();
      const confirm = page.getByRole('dialog', { name: 'Deliver the bulletin?' });
      expect(await confirm.textContent()).toContain(`"${SUBJECT}" will be delivered to Toronto Central.`);
      await confirm.getByRole('button', { name: 'Deliver' }).click();
      await page.getByText(/Delivered to \d+ more employees/).waitFor();
      const bulletin = (await api<{ Items: Bulletin[] }>('admin', 'bulletins?pageSize=100')).Items.find(
        (b) => b.Subject === SUBJECT,
      );
      expect(bulletin).toMatchObject({ AudienceType: 'Offices' });
      expect(bulletin?.DeliveredCount).toBeGreaterThan(0);
      // The list says the same count.
      await expect.poll(() => row.textContent()).toContain(String(bulletin?.DeliveredCount));
      await page.screenshot({ path: join(shots, 'bulletins-desktop.png'), fullPage: true });
      await expectAccessible(page, 'bulletins, desktop');

      // A legal notice for Sam Taylor: refused without a title, then saved.
      await page.goto('/admin/legal-notices');
      await page.getByRole('heading', { name: 'Legal notices' }).waitFor();
      await page.getByRole('button', { name: 'New legal notice' }).click();
      const notice = page.getByRole('dialog', { name: 'New legal notice' });
      await notice
        .getByRole('textbox', { name: 'Text' })
        .fill('Photos taken at events may show you; tell your manager if you do not agree.');
      await notice.getByRole('button', { name: 'Save' }).click();
      expect(await errorOf(notice.getByRole('textbox', { name: 'Title' }))).toBe('Required');
      await notice.getByRole('textbox', { name: 'Title' }).fill(TITLE);
      await notice.getByText('Chosen employees').click();
      await choose(notice.getByLabel('Employees', { exact: true }), 'Sam Taylor (staff)', 'Sam Taylor');
      await page.screenshot({ path: join(shots, 'legal-notice-editor-desktop.png') });
      await expectAccessible(page, 'legal notice editor, desktop');
      await notice.getByRole('button', { name: 'Save' }).click();
      await notice.waitFor({ state: 'detached' });
      const noticeRow = page.getByRole('row').filter({ hasText: TITLE });
      expect(await noticeRow.textContent()).toContain('1 employee');
      expect(await findNotice()).toMatchObject({ AudienceType: 'Employees', AudienceIDs: [staffId] });
      await expectAccessible(page, 'legal notices, desktop');

      // Sam, on his phone: the notice first, then the bulletin in his inbox.
      const phone = await newPage(browser, baseUrl, 'phone');
      try {
        const p = phone.page;
        await p.goto('/account/login');
        await signIn(p, 'staff');
        const gate = p.getByTestId('legal-notice-body');
        await gate.waitFor();
        expect(await gate.textContent()).toContain('Photos taken at events may show you');
        await p.getByRole('button', { name: 'I acknowledge' }).click();
        await gate.waitFor({ state: 'detached' });
        await p.goto('/bulletins');
        const item = p.getByTestId('bulletin-item').filter({ hasText: SUBJECT });
        await item.waitFor();
        await expectFits(p);
        await p.screenshot({ path: join(shots, 'inbox-phone.png'), fullPage: true });
        await expectAccessible(p, 'bulletins inbox, phone');
        await item.click();
        const open = p.getByRole('dialog', { name: SUBJECT });
        await open.getByText('please park on Front Street').waitFor();
      } finally {
        await phone.context.close();
      }

      // Counted on the server and on Alex's screen; then deleted after the confirmation.
      await expect.poll(async () => (await findNotice())?.AcknowledgedCount, { timeout: 15_000 }).toBe(1);
      await page.reload();
      await noticeRow.waitFor();
      expect(await noticeRow.getByRole('cell').nth(3).textContent()).toBe('1');
      await noticeRow.getByRole('button', { name: 'Delete' }).click();
      await page
        .getByRole('dialog', { name: 'Delete the legal notice?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await noticeRow.waitFor({ state: 'detached' });
      expect(await findNotice()).toBeUndefined();

      // The same screens on a phone: nothing serious for axe, no sideways scrolling.
      await page.setViewportSize(VIEWPORTS.phone);
      for (const [path, button, dialog] of [
        ['/admin/bulletins', 'New bulletin', 'New bulletin'],
        ['/admin/legal-notices', 'New legal notice', 'New legal notice'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('button', { name: button }).waitFor();
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await expectFits(page);
        await page.screenshot({ path: join(shots, `${path.split('/').pop()}-phone.png`), fullPage: true });
        await expectAccessible(page, `${path}, phone`);
        await page.getByRole('button', { name: button }).click();
        await page.getByRole('dialog', { name: dialog }).getByRole('button', { name: 'Save' }).click();
        await page.getByRole('dialog', { name: dialog }).getByText('Required').first().waitFor();
        await expectFits(page);
        await expectAccessible(page, `${path} editor, phone`);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
