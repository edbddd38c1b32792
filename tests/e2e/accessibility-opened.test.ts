// Accessibility of the screens that open only through a click or an upload, never through an address:
// a bulletin opened from the inbox; a bulletin and a legal notice opened in their editors; a schedule
// event's drawer and a time slot opened on the board, and the Reject dialog on My events (an event
// there opens nothing: its card shows it all); the preview of an ADP workbook uploaded to Payroll
// imports, good and bad rows; a lead opened from its marker on the leads map. axe-core (WCAG 2.1 A and
// AA rules), no violation of impact serious or critical, as a demo user who may open it, on a phone
// (390 × 844) and a desktop (1440 × 900). Each view first checks that what the click opened shows the
// record (its title, text or rows), so a click that opens nothing fails.
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { weekStart } from '../../src/features/scheduling/board';
import { axeEachScreen, type ScreenView, testId } from './axe-screens';
import { launch } from './browser';
import { jumpTo, LITTLE_ITALY, mapIdle, visibleMarker } from './leads-map';
import { api } from './server-checks';

const baseUrl = inject('baseUrl');

// Seeded demo records (server/seed/notices.ts): staff has not acknowledged the Toronto Central one.
const BULLETIN = 'Toronto Central: new parking rules';
const LEGAL_NOTICE = 'Acceptable use of company devices and data';

/** What the views open, asked of the API. */
interface Demo {
  /** A scheduled event of the manager's offices with time slots (the latest). */
  event: { ScheduleEventID: number; IcdOfficeID: number; Date: string; Title: string; slots: number };
  /** An ADP employee-numbers workbook: two rows that change a number, two bad rows. */
  workbook: Buffer;
}

/** A workbook mixing good rows (demo employees by e-mail) and bad ones (an unknown e-mail, a bad number). */
async function adpWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Export');
  for (const row of [
    ['Associate ID', 'Email', 'First Name', 'Last Name'],
    ['ADP977001', 'aisha.karimi@apex-demo.example', '', ''],
    ['ADP977002', 'ben.okafor@apex-demo.example', '', ''],
    ['ADP977003', 'nobody@example.com', '', ''],
    ['A!', 'diego.alvarez@apex-demo.example', '', ''],
  ])
    ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function demo(): Promise<Demo> {
  const events = await api<{ ScheduleEventID: number; Date: string; Status: number }[]>(
    'manager',
    'schedule-events',
  );
  const latest = events.filter((e) => e.Status !== 2).sort((a, b) => b.Date.localeCompare(a.Date));
  let event: Demo['event'] | undefined;
  for (const e of latest.slice(0, 5)) {
    const detail = await api<{ IcdOfficeID: number; Title: string; TimeSlots: unknown[] }>(
      'manager',
      `schedule-events/${e.ScheduleEventID}`,
    );
    if (detail.TimeSlots.length) {
      event = { ...e, IcdOfficeID: detail.IcdOfficeID, Title: detail.Title, slots: detail.TimeSlots.length };
      break;
    }
  }
  expect(event, 'the manager schedules an event with time slots').toBeDefined();
  return { event: event as Demo['event'], workbook: await adpWorkbook() };
}

/** The row (desktop) or card (phone) of a ResponsiveTable that names `text`. */
const rowOf = (page: Page, table: string, text: string) =>
  page.locator(`${testId(table)} tbody tr, ${testId(`${table}-cards`)} > li`).filter({ hasText: text });

/** The manager's board on the event's office and week, its card drawn. */
const boardOf = (d: Demo) => `/scheduling?office=${d.event.IcdOfficeID}&week=${weekStart(d.event.Date)}`;
const cardOf = (page: Page, d: Demo) =>
  page.locator(`${testId('board-event')}[data-event-id="${d.event.ScheduleEventID}"]`);

const VIEWS: ScreenView<Demo>[] = [
  {
    name: 'bulletin opened from the inbox',
    user: 'staff',
    path: () => '/bulletins',
    ready: testId('bulletin-item'),
    act: async (page) => {
      await page.getByTestId('bulletin-item').filter({ hasText: BULLETIN }).click();
      const open = page.getByRole('dialog', { name: BULLETIN });
      await open.getByText('park in levels P2 and P3').waitFor();
      // Not acknowledged yet: the acknowledgement's controls are checked too.
      await open.getByRole('button', { name: 'Acknowledge' }).waitFor();
    },
  },
  {
    name: 'bulletin opened in its editor',
    user: 'admin',
    path: () => '/admin/bulletins',
    ready: `${testId('bulletins')}, ${testId('bulletins-cards')}`,
    act: async (page) => {
      await rowOf(page, 'bulletins', BULLETIN).getByRole('button', { name: 'Edit' }).click();
      const editor = page.getByRole('dialog', { name: 'Edit bulletin' });
      await expect.poll(() => editor.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe(BULLETIN);
      await editor.getByText('Toronto Central', { exact: true }).waitFor();
    },
  },
  {
    name: 'legal notice opened in its editor',
    user: 'admin',
    path: () => '/admin/legal-notices',
    ready: `${testId('legal-notices')}, ${testId('legal-notices-cards')}`,
    act: async (page) => {
      await rowOf(page, 'legal-notices', LEGAL_NOTICE).getByRole('button', { name: 'Edit' }).click();
      const editor = page.getByRole('dialog', { name: 'Edit legal notice' });
      await expect.poll(() => editor.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(LEGAL_NOTICE);
      // Addressed to the demo employees by name: their names are chosen in the picker.
      await editor.getByText('Sam Taylor (staff)').waitFor();
    },
  },
  {
    name: 'schedule event opened on the board',
    user: 'manager',
    path: boardOf,
    ready: testId('board-event'),
    act: async (page, d) => {
      await cardOf(page, d)
        .getByRole('button', { name: `Open ${d.event.Title}` })
        .click();
      const drawer = page.getByRole('dialog', { name: d.event.Title });
      await expect.poll(() => drawer.getByTestId('drawer-slot').count()).toBe(d.event.slots);
      await drawer.getByTestId('event-activity').waitFor();
    },
  },
  {
    name: 'time slot opened on the board',
    user: 'manager',
    path: boardOf,
    ready: testId('board-event'),
    act: async (page, d) => {
      await cardOf(page, d).getByTestId('slot').first().click();
      const slot = page.getByRole('dialog').filter({ has: page.getByTestId('slot-places') });
      await slot.getByText(d.event.Title).first().waitFor();
      await expect.poll(() => slot.getByTestId('slot-places').textContent()).toMatch(/\d+ of \d+/);
    },
  },
  {
    name: 'assignment to reject on My events',
    user: 'staff',
    path: () => '/my-events',
    ready: testId('my-events'),
    act: async (page) => {
      // Seeded: staff is asked for next week's Costco road show, 2 PM (Pending).
      const reject = page.getByRole('button', { name: 'Reject', exact: true });
      const event = page.getByTestId('my-event').filter({ has: reject }).first();
      const title = (await event.getByRole('heading').first().textContent()) ?? '';
      expect(title).not.toBe('');
      await event.getByRole('button', { name: 'Reject', exact: true }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Reject this assignment' });
      await expect.poll(() => dialog.textContent()).toContain(title);
      await dialog.getByRole('textbox', { name: /Reason/ }).waitFor();
    },
  },
  {
    name: 'import preview, good and bad rows',
    user: 'payroll',
    path: () => '/imports',
    ready: testId('import-next'),
    act: async (page, d) => {
      await page.getByTestId('import-next').click();
      await page.locator('input[type="file"]').setInputFiles({
        name: 'adp-numbers-e2e.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: d.workbook,
      });
      await page.getByTestId('import-read').click();
      const counts = page.getByTestId('import-counts');
      await counts.waitFor({ timeout: 60_000 });
      await expect.poll(() => counts.textContent()).toContain('2 bad rows');
      expect(await counts.textContent()).toContain('2 changes');
      // The preview opens on the bad rows; All shows the good ones with them.
      await page.getByTestId('import-filter').getByText('All', { exact: true }).click();
      const rows = (status: string) => page.locator(`${testId('import-row')}[data-status="${status}"]`);
      await expect.poll(() => rows('Bad').count()).toBe(2);
      await expect.poll(() => rows('Change').count()).toBe(2);
      expect(await rows('Change').first().textContent()).toContain('ADP977001');
    },
  },
  {
    name: 'lead opened from its marker on the map',
    user: 'rep',
    path: () => '/leads',
    ready: testId('leads-map'),
    act: async (page) => {
      await mapIdle(page);
      // The rep works Toronto West End. Other journeys add lead groups that sort first in the picker
      // (the map opens on the first group of a device that never chose one), so the rep picks it.
      const picker = page.getByLabel('Lead group', { exact: true }).first();
      await picker.click();
      await page.getByRole('option', { name: 'Toronto West End', exact: true }).click();
      await expect.poll(() => picker.inputValue()).toBe('Toronto West End');
      await mapIdle(page);
      await jumpTo(page, LITTLE_ITALY, 17.2);
      await expect
        .poll(() => visibleMarker(page), { timeout: 30_000 })
        .not.toBeNull()
        .catch(async (err: unknown) => {
          // What the map drew (its data-* report), so a miss says whether markers came at all.
          const report = await page
            .getByTestId('leads-map')
            .evaluate((el) => ({ ...(el as HTMLElement).dataset }));
          throw new Error(
            `no lead marker in view at Little Italy, zoom 17.2; the map: ${JSON.stringify(report)}`,
            {
              cause: err,
            },
          );
        });
      const marker = (await visibleMarker(page)) as NonNullable<Awaited<ReturnType<typeof visibleMarker>>>;
      await page.mouse.click(marker.x, marker.y);
      const card = page.getByTestId('lead-card');
      await expect.poll(() => card.getAttribute('data-lead-id')).toBe(String(marker.id));
      const { StreetLine1: street } = await api<{ StreetLine1: string | null }>('rep', `leads/${marker.id}`);
      expect(street, 'the lead has a street').toBeTruthy();
      await expect.poll(() => card.textContent()).toContain(street);
      await card.getByTestId('lead-activity').waitFor();
    },
  },
];

let browser: Browser;
let data: Demo;
beforeAll(async () => {
  [browser, data] = await Promise.all([launch(), demo()]);
});
afterAll(() => browser?.close());

axeEachScreen('axe on each screen opened by a click or an upload', VIEWS, {
  baseUrl,
  browser: () => browser,
  data: () => data,
  timeout: 120_000,
});
