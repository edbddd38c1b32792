// Issue 7's journey: a manager picks `staff` in the board's People panel on a tablet and taps a time
// slot; `staff` accepts on a phone with no connection; back online the answer is sent, the manager's
// board shows Accepted on its own (read again on waking, no reload), and the server holds the answer
// exactly once (one Accepted row in the event's activity timeline). Also: dragging someone onto a
// slot, a cancelled event's slots, and an event's additional hours entered in its drawer.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, launchProfile, signIn, VIEWPORTS } from './browser';
import { api, employeeIdOf } from './server-checks';

const baseUrl = inject('baseUrl');

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
  Status: number;
  AdditionalHours: { EmployeeID: number; EmployeeName: string; Hours: number; Comments: string | null }[];
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

  beforeAll(async () => {
    browser = await launch();
    manager = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORTS.tablet, locale: 'en-CA' });
    board = await manager.newPage();
    // Each journey below opens the board it needs; the manager's sign-in is shared, not left behind
    // by an earlier journey.
    await board.goto('/account/login');
    await signIn(board, 'manager');
    await board.getByTestId('welcome').waitFor();
    phone = await launchProfile(baseUrl, 'phone');
  });
  afterAll(async () => {
    await phone?.close();
    await browser?.close();
  });

  it('the answer given offline reaches the board, and the server, exactly once', async () => {
    // Next week's Yorkdale kiosk (seeded), its 11:00 slot; `staff` holds nothing overlapping it.
    const staffId = await employeeIdOf('staff');
    const found = await api<{ ScheduleEventID: number; Date: string }[]>(
      'manager',
      'schedule-events?search=Yorkdale',
    );
    const target = found.sort((a, b) => b.Date.localeCompare(a.Date))[0];
    const event = await api<EventDetail>('manager', `schedule-events/${target.ScheduleEventID}`);
    const slot = event.TimeSlots.find((s) => s.StartTime === '11:00:00')!;
    expect(slot.Assignments.some((a) => a.EmployeeID === staffId)).toBe(false);

    // Manager, tablet: open the board on that office and week, tap Sam Taylor in the People panel,
    // then the slot.
    const boardUrl = `/scheduling?office=${event.IcdOfficeID}&week=${monday(event.Date)}`;
    await board.goto(boardUrl);
    const slotButton = board.locator(`[data-testid="slot"][data-slot-id="${slot.TimeSlotID}"]`);
    await slotButton.waitFor();
    expect(await slotButton.getAttribute('data-gap')).toBe('true');
    const sam = board.locator(`[data-testid="person"][data-employee-id="${staffId}"]`);
    await sam.click();
    expect(await sam.getAttribute('aria-pressed')).toBe('true');
    await board.getByTestId('assign-mode').waitFor();
    await slotButton.click();
    const onBoard = slotButton.locator(`[data-testid="board-assignment"][data-employee-id="${staffId}"]`);
    await expect.poll(() => onBoard.getAttribute('data-status'), { timeout: 15_000 }).toBe('1');
    const assignmentId = Number(await onBoard.getAttribute('data-assignment-id'));
    expect(assignmentId).toBeGreaterThan(0);
    // The panel counts the slot Sam now holds this week; Done leaves the picking.
    await expect.poll(() => sam.getAttribute('aria-label')).toMatch(/Sam Taylor, \d+ time slots? this week/);
    await board.getByTestId('assign-mode').getByRole('button', { name: 'Done' }).click();
    expect(await sam.getAttribute('aria-pressed')).toBe('false');
    const onServerFirst = await api<EventDetail>('manager', `schedule-events/${event.ScheduleEventID}`);
    expect(
      onServerFirst.TimeSlots.flatMap((s) => s.Assignments).filter((a) => a.AssignmentID === assignmentId),
    ).toMatchObject([{ EmployeeID: staffId, Status: 1 }]);

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
    const meanwhile = await api<EventDetail>('manager', `schedule-events/${event.ScheduleEventID}`);
    const onServer = (e: EventDetail) =>
      e.TimeSlots.flatMap((s) => s.Assignments).find((a) => a.AssignmentID === assignmentId)!;
    expect(onServer(meanwhile).Status).toBe(1);

    // Back online: the answer is sent once and confirmed.
    await phone.context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => chip(page).getAttribute('data-pending'), { timeout: 30_000 }).toBe('0');
    await expect.poll(() => mine.getAttribute('data-draft'), { timeout: 15_000 }).toBe('none');
    expect(await mine.getAttribute('data-status')).toBe('2');

    // The manager's board shows Accepted without a reload: it reads the week again every 30 s and
    // whenever the manager comes back to it — here, the tablet is woken rather than waited for.
    const onTablet = board.locator(`[data-testid="board-assignment"][data-assignment-id="${assignmentId}"]`);
    await board.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await expect.poll(() => onTablet.getAttribute('data-status'), { timeout: 15_000 }).toBe('2');

    // The server holds the answer exactly once.
    const after = await api<EventDetail>('manager', `schedule-events/${event.ScheduleEventID}`);
    expect(onServer(after).Status).toBe(2);
    const activity = await api<{ AssignmentID: number | null; ActivityTypeID: number }[]>(
      'manager',
      `schedule-events/${event.ScheduleEventID}/activity`,
    );
    expect(activity.filter((a) => a.AssignmentID === assignmentId && a.ActivityTypeID === 4)).toHaveLength(1);
    expect(activity.filter((a) => a.AssignmentID === assignmentId && a.ActivityTypeID === 3)).toHaveLength(1);
  });

  it('an event drafted offline that meets a change made meanwhile is shown as a conflict and merged, not overwritten', async () => {
    // This week's Best Buy demo (seeded), on the manager's tablet board.
    const found = await api<{ ScheduleEventID: number; Date: string }[]>(
      'manager',
      'schedule-events?search=Best%20Buy',
    );
    const target = found.sort((a, b) => a.Date.localeCompare(b.Date))[0];
    const before = await api<EventDetail>('manager', `schedule-events/${target.ScheduleEventID}`);
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
    await api('manager', `schedule-events/${before.ScheduleEventID}`, 'PATCH', {
      Version: before.Version,
      StartTime: '10:30:00',
      Notes: 'Doors open at 10:30.',
    });

    // Back online: the draft is refused as stale and shown as a conflict, nothing overwritten.
    await manager.setOffline(false);
    await board.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => card.getAttribute('data-draft'), { timeout: 30_000 }).toBe('conflict');
    const meanwhile = await api<EventDetail>('manager', `schedule-events/${before.ScheduleEventID}`);
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
    const after = await api<EventDetail>('manager', `schedule-events/${before.ScheduleEventID}`);
    expect(after).toMatchObject({
      Title: 'Best Buy TV Wall Demo',
      StartTime: '10:30:00',
      Notes: 'Doors open at 10:30.',
      Version: before.Version + 2,
    });
  });
  it('next week on the tablet: drag someone onto a slot, see a cancelled event, enter additional hours', async () => {
    const events = await api<{ ScheduleEventID: number; Date: string; Title: string; Status: number }[]>(
      'manager',
      'schedule-events?includeCancelled=true',
    );
    const nextWeek = events
      .map((e) => e.Date)
      .sort()
      .at(-1) as string;
    const week = monday(nextWeek);
    const inWeek = events.filter((e) => monday(e.Date) === week);
    const bestBuy = inWeek.find((e) => e.Title === 'Best Buy Weekend Demo')!;
    const costco = inWeek.find((e) => e.Title === 'Costco Road Show')!;
    const walmart = inWeek.find((e) => e.Title === 'Walmart Stockyards Demo')!;
    expect(walmart.Status).toBe(2);
    const detail = await api<EventDetail>('manager', `schedule-events/${bestBuy.ScheduleEventID}`);
    const afternoon = detail.TimeSlots.find((s) => s.StartTime === '13:00:00')!;
    expect(afternoon.Assignments).toEqual([]);
    await board.goto(`/scheduling?office=${detail.IcdOfficeID}&week=${week}`);

    // A cancelled event nobody was assigned to keeps its slots on the board, struck through.
    const cancelledCard = board.locator(
      `[data-testid="board-event"][data-event-id="${walmart.ScheduleEventID}"]`,
    );
    await cancelledCard.waitFor();
    await expect.poll(() => cancelledCard.getByTestId('slot').count()).toBe(2);
    expect(await cancelledCard.getByTestId('slot').first().getAttribute('data-cancelled')).toBe('true');
    expect(await cancelledCard.getByTestId('slot').first().isDisabled()).toBe(true);
    expect(await cancelledCard.getByText('No time slots').count()).toBe(0);

    // Drag Ben Okafor from the People panel onto the Best Buy 1 PM slot: he is asked (Pending).
    const target = board.locator(`[data-testid="slot"][data-slot-id="${afternoon.TimeSlotID}"]`);
    const ben = board.getByTestId('person').filter({ hasText: 'Ben Okafor' });
    const benId = Number(await ben.getAttribute('data-employee-id'));
    const gapsBefore = await board.getByTestId('gap-summary').textContent();
    await ben.dragTo(target);
    const benOnSlot = target.locator(`[data-testid="board-assignment"][data-employee-id="${benId}"]`);
    await expect.poll(() => benOnSlot.getAttribute('data-status'), { timeout: 15_000 }).toBe('1');
    expect(await target.textContent()).toContain('1/2');
    expect(await board.getByTestId('gap-summary').textContent()).not.toBe(gapsBefore);

    // Additional hours for next week's Costco road show, from its drawer.
    await board
      .locator(`[data-testid="board-event"][data-event-id="${costco.ScheduleEventID}"]`)
      .getByRole('button', { name: 'Open Costco Road Show' })
      .click();
    const section = board.getByTestId('additional-hours');
    await section.getByTestId('no-additional-hours').waitFor();
    await section.getByTestId('edit-additional-hours').click();
    await section.getByTestId('save-additional-hours').click();
    await section.getByText('Choose who worked these hours.').waitFor();
    await section.getByText('Enter the hours.').waitFor();
    const row = section.getByTestId('hours-row').first();
    await row.getByRole('combobox', { name: 'Employee' }).click();
    await board.getByRole('option', { name: 'Aisha Karimi' }).click();
    await row.getByRole('textbox', { name: 'Hours' }).fill('30');
    await section.getByTestId('save-additional-hours').click();
    await section.getByText('24 hours at most.').waitFor();
    await row.getByRole('textbox', { name: 'Hours' }).fill('2.5');
    await row.getByRole('textbox', { name: 'Comment' }).fill('Loaded the van and set up the booth');
    await section.getByTestId('save-additional-hours').click();
    const list = section.getByTestId('additional-hours-list');
    await list.waitFor();
    expect(await list.textContent()).toContain('Aisha Karimi');
    expect(await section.getByTestId('additional-hours-total').textContent()).toBe('2.5 h');

    const saved = await api<EventDetail>('manager', `schedule-events/${costco.ScheduleEventID}`);
    expect(saved.AdditionalHours).toMatchObject([
      { EmployeeName: 'Aisha Karimi', Hours: 2.5, Comments: 'Loaded the van and set up the booth' },
    ]);
    const activity = await api<{ ActivityTypeID: number }[]>(
      'manager',
      `schedule-events/${costco.ScheduleEventID}/activity`,
    );
    expect(activity.filter((a) => a.ActivityTypeID === 8)).toHaveLength(1);
  });
});
