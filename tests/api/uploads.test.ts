// Uploads (lead batches, the one upload of the API): the file name is kept as a clean base name, and a
// file is recognised by its content before a job is queued (415 with a message otherwise).
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBatches, leadBatchJobs } from '../../server/db/tables';
import type { LeadBatch, LeadGroup } from '../../src/contract/leads';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let manager: Session;
let group: LeadGroup;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.signIn('manager');
  const groups = (await manager.call({ method: 'GET', url: '/api/lead-groups' })).json<LeadGroup[]>();
  group = groups.find((g) => g.Name === 'Toronto West End')!;
});
afterAll(() => t.close());

const NOT_A_WORKBOOK =
  'This file is named .xlsx but is not an Excel workbook (it may be damaged or renamed). Save it again from Excel as .xlsx or .csv.';
const NOT_TEXT =
  'This file is named .csv but is not text (it may be a renamed binary file). Save the sheet as CSV (UTF-8) and upload it again.';
const CSV =
  'Address,City,Province/State,Latitude,Longitude\n12 Palmerston Blvd,Toronto,ON,43.6587,-79.4131\n';

function upload(FileName: string, content: string | Buffer) {
  return manager.call({
    method: 'POST',
    url: '/api/lead-batches',
    payload: {
      LeadGroupID: group.LeadGroupID,
      FileName,
      ContentBase64: Buffer.from(content).toString('base64'),
    },
  });
}

async function queued(): Promise<{ batches: number; jobs: number }> {
  const [batches] = await t.db.select({ n: count() }).from(leadBatches);
  const [jobs] = await t.db.select({ n: count() }).from(leadBatchJobs);
  return { batches: batches.n, jobs: jobs.n };
}

async function storedName(batch: LeadBatch): Promise<string> {
  const [row] = await t.db
    .select({ FileName: leadBatches.FileName })
    .from(leadBatches)
    .where(eq(leadBatches.LeadBatchID, batch.LeadBatchID));
  return row.FileName;
}

async function workbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Leads');
  sheet.addRow(['Address', 'City', 'Province/State', 'Latitude', 'Longitude']);
  sheet.addRow(['12 Palmerston Blvd', 'Toronto', 'ON', 43.6587, -79.4131]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('upload file names', () => {
  it.each([
    ['../../../../etc/cron.d/leads.csv', 'leads.csv'],
    ['..\\..\\Windows\\System32\\leads.csv', 'leads.csv'],
    ['C:\\Users\\maria\\Desktop\\west end.csv', 'west end.csv'],
    ['lea\u202eds\r\nX-Injected: 1\t.csv', 'leadsX-Injected_ 1.csv'],
  ])('%j is kept as %j', async (given, kept) => {
    const res = await upload(given, CSV);
    expect(res.statusCode).toBe(202);
    const batch = res.json<LeadBatch>();
    expect(batch.FileName).toBe(kept);
    expect(await storedName(batch)).toBe(kept);
  });

  it('a long name (up to the 255 the contract takes) is cut to 200 characters, its extension kept', async () => {
    const res = await upload(`${'x'.repeat(250)}.csv`, CSV);
    expect(res.statusCode).toBe(202);
    const name = await storedName(res.json<LeadBatch>());
    expect(name).toHaveLength(200);
    expect(name).toMatch(/^x+\.csv$/);
  });
});

describe('files are recognised by their content', () => {
  it('junk bytes named .xlsx are 415 with a message, and nothing is queued', async () => {
    const before = await queued();
    for (const junk of [
      Buffer.from('this is not a spreadsheet at all, just words'),
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]),
    ]) {
      const res = await upload('leads.xlsx', junk);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ Message: NOT_A_WORKBOOK });
    }
    expect(await queued()).toEqual(before);
  });

  it('a ZIP archive that is not a workbook is 415; a workbook made by Excel is queued', async () => {
    const book = await workbook();
    // The same archive with its workbook part renamed: a ZIP, but no workbook.
    const renamed = Buffer.from(
      book.toString('latin1').replaceAll('xl/workbook.xml', 'xl/notebook.xml'),
      'latin1',
    );
    const before = await queued();
    const refused = await upload('leads.xlsx', renamed);
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({ Message: NOT_A_WORKBOOK });
    expect(await queued()).toEqual(before);

    const accepted = await upload('leads.xlsx', book);
    expect(accepted.statusCode).toBe(202);
    expect(await queued()).toEqual({ batches: before.batches + 1, jobs: before.jobs + 1 });
  });

  it('binary bytes named .csv are 415 with a message; UTF-8 and Windows-1252 text is queued', async () => {
    const before = await queued();
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x01, 0x02, 0x7f, 0x41]);
    const res = await upload('leads.csv', binary);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ Message: NOT_TEXT });
    expect(await queued()).toEqual(before);

    expect(
      (await upload('utf8.csv', `${CSV}1 Rue Sainte-Catherine,Montréal,QC,45.5,-73.56\n`)).statusCode,
    ).toBe(202);
    const latin = Buffer.from(`${CSV}1 Rue Sainte-Catherine,Montréal,QC,45.5,-73.56\n`, 'latin1');
    expect((await upload('windows.csv', latin)).statusCode).toBe(202);
  });
});
