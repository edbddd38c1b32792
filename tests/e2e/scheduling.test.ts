// Issue 7's journey: a manager assigns `staff` to a time slot on a tablet; `staff` accepts on a phone
// with no connection; back online the answer is sent, the manager's board shows Accepted, and the
// server holds the answer exactly once (one Accepted row in the event's activity timeline).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, launchProfile, signIn, VIEWPORTS } from './browser';

const baseUrl = inject('baseUrl');

/** An API caller signed in as a demo user (outside the browser, so never offline). */
async function apiAs(user: string) {
  const login = await fetch(`${baseUrl}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ UserName: user, Password: 'Demo!2026apex' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const bearer = (await (
    await fetch(`${baseUrl}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ clientId: 'apex-pwa' }),
    })
  ).json()) as string;
  return async <T>(path: string, method = 'GET', body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}/api/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${bearer}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

interface Assignment {
  AssignmentID: number;
  EmployeeID: number;
  Status: number;
}
interface Slot {
  TimeSlotID: number;
  StartTime: string;
  Assignments: Assignment[];
}
interface EventDetail {
  ScheduleEventID: number;
  IcdOfficeID: number;
  Date: string;
  Title: string;
  StartTime: string;
  Notes: string | null;
  Version: number;
  TimeSlots: Slot[];
}

/** Monday of the week holding a 'YYYY-MM-DD' day. */
function monday(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

const chip = (page: Page) => page.getByTestId('sync-chip');

describe('scheduling: assign on a tablet, accept offline on a phone', () => {
  let browser: Browser;
  let manager: BrowserContext;
  let board: Page;
  let phone: Awaited<ReturnType<typeof launchProfile>>;
  let asManager: Awaited<ReturnType<typeof apiAs>>;

  beforeAll(async () => {
    browser = await launch();
    manager = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORTS.tablet, locale: 'en-CA' });
    board = await manager.newPage();
    phone = await launchProfile(baseUrl, 'phone');
    asManager = await apiAs('manager');
  });
  afterAll(async () => {
    await phone?.close();
    await browser?.close();
  });

  it('the answer given offline reaches the board, and the server, exactly once', async () => {
    // Next week's Yorkdale kiosk (seeded), its 11:00 slot; `staff` holds nothing overlapping it.
    const staffId = (await (await apiAs('staff'))<{ EmployeeID: number }>('Home/identity')).EmployeeID;
    const found = await asManager<{ ScheduleEventID: number; Date: string }[]>(
      'schedule-events?search=Yorkdale',
    );
    const target = found.sort((a, b) => b.Date.localeCompare(a.Date))[0];
    const event = await asManager<EventDetail>(`schedule-events/${target.ScheduleEventID}`);
    const slot = event.TimeSlots.find((s) => s.StartTime === '11:00:00')!;
    expect(slot.Assignments.some((a) => a.EmployeeID === staffId)).toBe(false);

    // Manager, tablet: open the board on that office and week, tap the slot, assign Sam Taylor.
    const boardUrl = `/scheduling?office=${event.IcdOfficeID}&week=${monday(event.Date)}`;
    await board.goto(`/account/login?returnUrl=${encodeURIComponent(boardUrl)}`);
    await signIn(board, 'manager');
    const slotButton = board.locator(`[data-testid="slot"][data-slot-id="${slot.TimeSlotID}"]`);
    await slotButton.waitFor();
    expect(await slotButton.getAttribute('data-gap')).toBe('true');
    await slotButton.click();
    await board.getByRole('combobox', { name: 'Employee' }).click();
    await board.getByRole('option', { name: 'Sam Taylor' }).click();
    await board.getByTestId('assign-button').click();
    const onBoard = slotButton.locator(`[data-testid="board-assignment"][data-employee-id="${staffId}"]`);
    await expect.poll(() => onBoard.getAttribute('data-status'), { timeout: 15_000 }).toBe('1');
    const assignmentId = Number(await onBoard.getAttribute('data-assignment-id'));
    expect(assignmentId).toBeGreaterThan(0);
    await board.keyboard.press('Escape');

    // Staff, phone: read My events once online (kept for offline reading), then lose the connection.
    const page = phone.page;
    await page.goto('/account/login?returnUrl=%2Fmy-events');
    await signIn(page, 'staff');
    const mine = page.locator(`[data-testid="my-assignment"][data-assignment-id="${assignmentId}"]`);
    await mine.waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.goto('/my-events'); // controlled by the service worker from here on
    await mine.waitFor();
    expect(await mine.getAttribute('data-status')).toBe('1');

    await phone.context.setOffline(true);
    await mine.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => mine.getAttribute('data-status')).toBe('2');
    expect(await mine.getAttribute('data-draft')).toBe('pending');
    await expect.poll(() => chip(page).getAttribute('data-pending')).toBe('1');
    expect(await chip(page).getAttribute('data-online')).toBe('false');

    // Still offline after a reload: the list comes from the saved copy, the answer from the drafts.
    await page.reload();
    await mine.waitFor();
    expect(await mine.getAttribute('data-status')).toBe('2');
    expect(await mine.getAttribute('data-draft')).toBe('pending');
    await page.getByTestId('saved-copy').waitFor();
    const meanwhile = await asManager<EventDetail>(`schedule-events/${event.ScheduleEventID}`);
    const onServer = (e: EventDetail) =>
      e.TimeSlots.flatMap((s) => s.Assignments).find((a) => a.AssignmentID === assignmentId)!;
    expect(onServer(meanwhile).Status).toBe(1);

    // Back online: the answer is sent once and confirmed.
    await phone.context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => chip(page).getAttribute('data-pending'), { timeout: 30_000 }).toBe('0');
    await expect.poll(() => mine.getAttribute('data-draft'), { timeout: 15_000 }).toBe('none');
    expect(await mine.getAttribute('data-status')).toBe('2');

    // The manager's board shows Accepted.
    await board.reload();
    await expect
      .poll(
        () =>
          board
            .locator(`[data-testid="board-assignment"][data-assignment-id="${assignmentId}"]`)
            .getAttribute('data-status'),
        {
          timeout: 15_000,
        },
      )
      .toBe('2');

    // The server holds the answer exactly once.
    const after = await asManager<EventDetail>(`schedule-events/${event.ScheduleEventID}`);
    expect(onServer(after).Status).toBe(2);
    const activity = await asManager<{ AssignmentID: number | null; ActivityTypeID: number }[]>(
      `schedule-events/${event.ScheduleEventID}/activity`,
    );
    expect(activity.filter((a) => a.AssignmentID === assignmentId && a.ActivityTypeID === 4)).toHaveLength(1);
    expect(activity.filter((a) => a.AssignmentID === assignmentId && a.ActivityTypeID === 3)).toHaveLength(1);
  });

  it('an event drafted offline that meets a change made meanwhile is shown as a conflict and merged, not overwritten', async () => {
    // This week's Best Buy demo (seeded), on the manager's tablet board.
    const found = await asManager<{ ScheduleEventID: number; Date: string }[]>(
      'schedule-events?search=Best%20Buy',
    );
    const target = found.sort((a, b) => a.Date.localeCompare(b.Date))[0];
    const before = await asManager<EventDetail>(`schedule-events/${target.ScheduleEventID}`);
    await board.goto(`/scheduling?office=${before.IcdOfficeID}&week=${monday(before.Date)}`);
    const card = board.locator(`[data-testid="board-event"][data-event-id="${before.ScheduleEventID}"]`);
    await card.waitFor();

    // Offline, the manager retitles the event: it stays on the tablet as a pending draft.
    await manager.setOffline(true);
    await card.getByRole('button', { name: `Open ${before.Title}` }).click();
    await board.getByTestId('edit-event').click();
    await board.getByRole('textbox', { name: 'Title' }).fill('Best Buy TV Wall Demo');
    await board.getByTestId('save-event').click();
    await expect.poll(() => card.getAttribute('data-draft')).toBe('pending');

    // Meanwhile someone else moves the start and writes notes.
    await asManager(`schedule-events/${before.ScheduleEventID}`, 'PATCH', {
      Version: before.Version,
      StartTime: '10:30:00',
      Notes: 'Doors open at 10:30.',
    });

    // Back online: the draft is refused as stale and shown as a conflict, nothing overwritten.
    await manager.setOffline(false);
    await board.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => card.getAttribute('data-draft'), { timeout: 30_000 }).toBe('conflict');
    const meanwhile = await asManager<EventDetail>(`schedule-events/${before.ScheduleEventID}`);
    expect(meanwhile).toMatchObject({ Title: before.Title, Notes: 'Doors open at 10:30.' });

    await card.getByRole('button', { name: 'Open Best Buy TV Wall Demo' }).click();
    const table = board.getByTestId('conflict-table');
    await table.waitFor();
    expect(await table.locator('tr[data-field="title"]').getAttribute('data-kept')).toBe('mine');
    expect(await table.locator('tr[data-field="notes"]').getAttribute('data-kept')).toBe('theirs');
    expect(await table.locator('tr[data-field="time"]').getAttribute('data-kept')).toBe('theirs');

    // Merging keeps their start and notes, and the manager's title.
    await board.getByTestId('merge-draft').click();
    await expect.poll(() => card.getAttribute('data-draft'), { timeout: 30_000 }).toBe('none');
    const after = await asManager<EventDetail>(`schedule-events/${before.ScheduleEventID}`);
    expect(after).toMatchObject({
      Title: 'Best Buy TV Wall Demo',
      StartTime: '10:30:00',
      Notes: 'Doors open at 10:30.',
      Version: before.Version + 2,
    });
  });
});
