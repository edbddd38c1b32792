// A new legal notice for `staff` only: staff signs in on a phone and sees it before anything else,
// acknowledges it with no connection (queued like any change; not shown again on the device), and
// back online the server records the acknowledgement exactly once. The notice is deleted at the end
// so no other journey meets it (the e2e files run one after another).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchProfile, signIn } from './browser';
import { api, employeeIdOf } from './server-checks';

const baseUrl = inject('baseUrl');

interface Notice {
  LegalNoticeID: number;
  CurrentContentID: number;
  AcknowledgedCount: number | null;
  Version: number;
}

describe('legal notices: staff acknowledges a new notice offline on a phone', () => {
  let phone: Awaited<ReturnType<typeof launchProfile>>;
  let notice: Notice | null = null;

  beforeAll(async () => {
    phone = await launchProfile(baseUrl, 'phone');
  });
  afterAll(async () => {
    await phone?.close();
    if (notice) await api('admin', `legal-notices/${notice.LegalNoticeID}`, 'DELETE');
  });

  it('is shown first after sign-in, acknowledged offline, recorded once online', async () => {
    const staffId = await employeeIdOf('staff');
    notice = await api<Notice>('admin', 'legal-notices', 'POST', {
      Title: 'Phones during events',
      Body: 'Keep your phone on silent while you serve customers at an event.',
      AudienceType: 'Employees',
      AudienceIDs: [staffId],
    });

    const page = phone.page;
    await page.goto('/account/login');
    await signIn(page, 'staff');
    const body = page.getByTestId('legal-notice-body');
    await body.waitFor();
    expect(await body.textContent()).toContain('Keep your phone on silent');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.goto('/'); // controlled by the service worker from here on
    await body.waitFor();

    await phone.context.setOffline(true);
    await page.getByRole('button', { name: 'I acknowledge' }).click();
    await body.waitFor({ state: 'detached' });
    const chip = page.getByTestId('sync-chip');
    await expect.poll(() => chip.getAttribute('data-pending')).toBe('1');
    const offline = await api<Notice[]>('admin', 'legal-notices');
    expect(offline.find((n) => n.LegalNoticeID === notice?.LegalNoticeID)?.AcknowledgedCount).toBe(0);

    // Still offline after a reload: acknowledged on this device, so not shown again.
    await page.reload();
    await page.getByTestId('welcome').waitFor();
    expect(await body.count()).toBe(0);

    await phone.context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => chip.getAttribute('data-pending'), { timeout: 30_000 }).toBe('0');
    expect(await chip.getAttribute('data-problems')).toBe('0');
    await expect
      .poll(
        async () =>
          (await api<Notice[]>('admin', 'legal-notices')).find(
            (n) => n.LegalNoticeID === notice?.LegalNoticeID,
          )?.AcknowledgedCount,
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(await api<Notice[]>('staff', 'legal-notices?pending=true')).toEqual([]);
  });
});
