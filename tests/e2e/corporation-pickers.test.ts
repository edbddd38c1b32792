// The shared corporation picker (CorporationSelect) on the three screens no other journey opens it on,
// as Alex (admin): the people directories' record form (a new auditor linked to Maple), the roles page
// (a new organizational role: refused without its corporation, then saved for Summit) and an office's
// page (moved from Northwind to Maple). Each time the open picker names the demo corporations, the
// choice is on the server and shows again after a reload; axe finds nothing serious with the picker
// open. What the journey creates is deleted in afterAll.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { errorOf, expectAccessible } from './axe';
import { launch, newPage, signIn } from './browser';
import { api } from './server-checks';

const baseUrl = inject('baseUrl');
const RUN = Date.now() % 100_000;
const AUDITOR = { FirstName: 'Quentin', LastName: `Picker ${RUN}` };
const ROLE = `Picker role ${RUN}`;
const OFFICE = `Picker office ${RUN}`;
const MAPLE = 'Maple Direct Sales Ltd.';
const NORTHWIND = 'Northwind Field Marketing Inc.';
const SUMMIT = 'Summit Retail Promotions LLC';
const DEMO = [MAPLE, NORTHWIND, SUMMIT];

interface Corporation {
  IcdCorporationID: number;
  ClientName: string;
}
interface Auditor {
  Id: number;
  LastName: string;
  Version: number;
  Corporations: Corporation[];
}
interface Role {
  RoleID: number;
  Name: string;
  Version: number;
  IcdCorporationID: number | null;
}
interface Office {
  IcdOfficeID: number;
  IcdCorporationID: number;
  Version: number;
}

let browser: Browser;
let officeId: number | undefined;

/** Calls `api/<path>` as Alex. */
const admin = <T>(path: string, method = 'GET', body?: unknown) => api<T>('admin', path, method, body);

async function corporationId(name: string): Promise<number> {
  const found = (await admin<Corporation[]>('corporations')).find((c) => c.ClientName === name);
  if (!found) throw new Error(`no corporation ${name}`);
  return found.IcdCorporationID;
}
const findAuditor = async () =>
  (await admin<Auditor[]>('auditors')).find((a) => a.LastName === AUDITOR.LastName);
const findRole = async () => (await admin<Role[]>('v2/roles')).find((r) => r.Name === ROLE);

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  // Nothing of this journey is left for the others of the run; each removal is tried, then the first
  // failure is reported.
  const failures: unknown[] = [];
  const attempt = (remove: () => Promise<unknown>) => remove().catch((e: unknown) => failures.push(e));
  await attempt(async () => {
    const auditor = await findAuditor();
    if (!auditor) return;
    // An auditor still linked to corporations cannot be deleted: unlinked first.
    const unlinked = await admin<Auditor>(`auditors/${auditor.Id}`, 'PUT', {
      ...AUDITOR,
      IcdCorporationIDs: [],
      Version: auditor.Version,
    });
    await admin(`auditors/${auditor.Id}?version=${unlinked.Version}`, 'DELETE');
  });
  await attempt(async () => {
    const role = await findRole();
    if (role) await admin(`v2/roles/${role.RoleID}?version=${role.Version}`, 'DELETE');
  });
  await attempt(async () => {
    if (officeId === undefined) return;
    const office = await admin<Office>(`icd-offices/${officeId}`);
    await admin(`icd-offices/${officeId}?version=${office.Version}`, 'DELETE');
  });
  await browser?.close();
  if (failures.length) throw failures[0];
});

/** Signs Alex in on a new desktop page that lands on `path`; page errors are collected. */
async function signedIn(path: string) {
  const { page, context } = await newPage(browser, baseUrl, 'desktop');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/account/login?returnUrl=${encodeURIComponent(path)}`);
  await signIn(page, 'admin');
  await page.waitForURL((url) => !url.pathname.startsWith('/account'));
  return { page, context, errors };
}

/**
 * Opens the picker `field` (by keyboard: an empty multi-select shows no text field to click), checks
 * that it names every demo corporation, that axe finds nothing serious with it open, and picks
 * `choice`.
 */
async function pickCorporation(page: Page, field: Locator, choice: string, name: string) {
  await field.focus();
  await field.press('ArrowDown');
  const options = page.getByRole('option');
  await expect.poll(() => options.allTextContents()).toEqual(expect.arrayContaining(DEMO));
  await expectAccessible(page, `${name}, corporation picker open`);
  await page.getByRole('option', { name: choice, exact: true }).click();
}

describe('the corporation picker', () => {
  it('links a new auditor to a corporation in the people directories', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await signedIn('/directories?kind=auditors');
    try {
      await page.getByRole('button', { name: 'New auditor' }).click();
      const dialog = page.getByRole('dialog', { name: 'New auditor' });
      await dialog.getByRole('textbox', { name: 'First name', exact: true }).fill(AUDITOR.FirstName);
      await dialog.getByRole('textbox', { name: 'Last name', exact: true }).fill(AUDITOR.LastName);
      const corporations = dialog.getByLabel('Corporations', { exact: true });
      await pickCorporation(page, corporations, MAPLE, 'auditor form');
      // The list stays open for more: Escape closes it (the form stays open); the choice is a pill.
      await corporations.press('Escape');
      await dialog.getByText(MAPLE, { exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await expect
        .poll(async () => (await findAuditor())?.Corporations.map((c) => c.ClientName))
        .toEqual([MAPLE]);
      await page.reload();
      const row = page.getByRole('row', { name: `Open ${AUDITOR.FirstName} ${AUDITOR.LastName}` });
      await expect.poll(() => row.textContent()).toContain(MAPLE);
      await row.getByRole('button', { name: `Edit ${AUDITOR.FirstName} ${AUDITOR.LastName}` }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${AUDITOR.FirstName} ${AUDITOR.LastName}` });
      await edit.getByText(MAPLE, { exact: true }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('gives a new organizational role its corporation on the roles page', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await signedIn('/admin/roles');
    try {
      await page.getByRole('button', { name: 'New role' }).click();
      const dialog = page.getByRole('dialog', { name: 'New role' });
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(ROLE);
      await dialog.getByRole('combobox', { name: 'Scope', exact: true }).click();
      await page.getByRole('option', { name: 'Organizational', exact: true }).click();
      const corporation = dialog.getByRole('combobox', { name: 'Corporation', exact: true });
      // Without its corporation the role is refused beside the picker, and not saved.
      await dialog.getByRole('button', { name: 'Save' }).click();
      expect(await errorOf(corporation)).toBe('An organizational role needs its corporation');
      expect(await findRole()).toBeUndefined();

      await pickCorporation(page, corporation, SUMMIT, 'role form');
      await expect.poll(() => corporation.inputValue()).toBe(SUMMIT);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const summit = await corporationId(SUMMIT);
      await expect.poll(async () => (await findRole())?.IcdCorporationID).toBe(summit);
      await page.reload();
      await page.getByRole('textbox', { name: 'Search roles' }).fill(ROLE);
      await page.getByRole('button', { name: `Edit ${ROLE}` }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${ROLE}` });
      await expect
        .poll(() => edit.getByRole('combobox', { name: 'Corporation', exact: true }).inputValue())
        .toBe(SUMMIT);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("moves an office to another corporation on the office's page", { timeout: 120_000 }, async () => {
    const created = await admin<Office>('icd-offices', 'POST', {
      IcdCorporationID: await corporationId(NORTHWIND),
      OfficeName: OFFICE,
      City: 'Hamilton',
      StateProvince: 'ON',
      CountryID: 2,
      TimeZone: 'America/Toronto',
      DivisionIDs: [],
    });
    officeId = created.IcdOfficeID;
    const { page, context, errors } = await signedIn(`/organisation/offices/${officeId}`);
    try {
      await page.getByRole('heading', { name: OFFICE }).waitFor();
      const corporation = page.getByRole('combobox', { name: 'Corporation', exact: true });
      await expect.poll(() => corporation.inputValue()).toBe(NORTHWIND);
      await pickCorporation(page, corporation, MAPLE, 'office page');
      await expect.poll(() => corporation.inputValue()).toBe(MAPLE);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

      const maple = await corporationId(MAPLE);
      expect((await admin<Office>(`icd-offices/${officeId}`)).IcdCorporationID).toBe(maple);
      await page.reload();
      await page.getByRole('heading', { name: OFFICE }).waitFor();
      await expect.poll(() => corporation.inputValue()).toBe(MAPLE);
      expect(await page.getByText(`${MAPLE} ·`).count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
