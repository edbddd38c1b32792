// Lead batches: upload (size 413, type 415, permissions), the geocoding job run by the worker
// (Located, LocatedUnsure, NoResults, MultipleResults, Error counts), failures, restart takeover,
// deletion.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBatches, leadBatchJobs, leads } from '../../server/db/tables';
import { notifyLeadBatchQueued } from '../../server/jobs/lead-batches';
import { JobStatus } from '../../src/contract/common';
import type { Lead, LeadBatch, LeadBatchJob, LeadGroup } from '../../src/contract/leads';
import { dbOf } from './db';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let manager: Session;
let rep: Session;
let admin: Session;
let toronto: LeadGroup;

beforeAll(async () => {
  t = await createTestApp();
  [manager, rep, admin] = await Promise.all(['manager', 'rep', 'admin'].map((u) => t.signIn(u)));
  const groups = (await manager.call({ method: 'GET', url: '/api/lead-groups' })).json<LeadGroup[]>();
  toronto = groups.find((g) => g.Name === 'Toronto West End')!;
});
afterAll(() => t.close());

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

async function upload(
  s: Session,
  FileName: string,
  content: string | Buffer,
  extra: Record<string, unknown> = {},
) {
  return s.call({
    method: 'POST',
    url: '/api/lead-batches',
    payload: { LeadGroupID: toronto.LeadGroupID, FileName, ContentBase64: b64(content), ...extra },
  });
}

async function finished(jobId: number): Promise<LeadBatchJob> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await manager.call({ method: 'GET', url: `/api/lead-batch-jobs/${jobId}` });
    expect(res.statusCode).toBe(200);
    const job = res.json<LeadBatchJob>();
    if (job.JobStatus === JobStatus.Succeeded || job.JobStatus === JobStatus.Failed) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.JobStatus}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const CSV = [
  'Address,City,Province/State,Postal Code,Latitude,Longitude,Status,New Offer,Door colour',
  '12 Palmerston Blvd,Toronto,ON,M6G 2N8,43.6587,-79.4131,Interested,RGR-FALL26,red',
  ',Ottawa,ON,,,,,,',
  'garbage,,,,north,,,,',
  ',Vancouver,,,,,,,',
  ',Atlantis,ON,,,,,,',
  ',,,m5v2t6,,,,,',
  '',
].join('\r\n');

/** The door list uploaded and imported: each test below has a batch of its own. */
async function importedBatch(): Promise<LeadBatch> {
  const res = await upload(manager, 'west-end.csv', CSV, { Description: 'Door list March' });
  expect(res.statusCode).toBe(202);
  const batch = res.json<LeadBatch>();
  expect((await finished(batch.Job.Id)).JobStatus).toBe(JobStatus.Succeeded);
  return batch;
}

describe('uploading a lead batch', () => {
  it('queues a job and geocodes: coordinates Located, city/postal LocatedUnsure, the rest counted', async () => {
    const res = await upload(manager, 'west-end.csv', CSV, { Description: 'Door list March' });
    expect(res.statusCode).toBe(202);
    const batch = res.json<LeadBatch>();
    expect(batch).toMatchObject({
      FileName: 'west-end.csv',
      ContentType: 'text/csv',
      Description: 'Door list March',
      ImportSchemaID: 2,
      Job: { Description: 'Door list March' },
    });
    expect([JobStatus.Queued, JobStatus.Processing, JobStatus.Succeeded]).toContain(batch.Job.JobStatus);
    const job = await finished(batch.Job.Id);
    expect(job).toMatchObject({
      Id: batch.Job.Id,
      JobStatus: JobStatus.Succeeded,
      RowCount: 6,
      ProcessedCount: 6,
      LocatedCount: 1,
      LocatedUnsureCount: 2,
      NoResultsCount: 1,
      MultipleResultsCount: 1,
      ErrorCount: 1,
      FailedCount: 3,
    });
    expect(job.Messages).toEqual(
      expect.arrayContaining([
        'Columns not imported: Door colour.',
        'Row 3: Latitude is not a number between -90 and 90.',
        expect.stringMatching(/^Row 4: 'Vancouver' could be Vancouver, BC or Vancouver, WA/),
        "Row 5: no place found for 'Atlantis, ON'.",
      ]),
    );
    expect(job.FinishedAt).not.toBeNull();
  });

  it('the located rows became leads of the group, tagged with the batch', async () => {
    const batch = await importedBatch();
    const page = (
      await manager.call({ method: 'GET', url: `/api/leads?leadBatchId=${batch.LeadBatchID}` })
    ).json<{ Items: Lead[] }>();
    expect(page.Items).toHaveLength(3);
    const [exact, ottawa, postal] = page.Items;
    expect(exact).toMatchObject({
      Latitude: 43.6587,
      Longitude: -79.4131,
      StreetLine1: '12 Palmerston Blvd',
      PostalCode: 'M6G 2N8',
      CountryID: 2,
      Data: { 'New Offer': 'RGR-FALL26' },
      LeadStatus: { Name: 'Interested' },
    });
    expect(exact.TerritoryID).not.toBeNull();
    expect(ottawa).toMatchObject({ City: 'Ottawa', StateProvince: 'ON', CountryID: 2 });
    expect(ottawa.Latitude).toBeCloseTo(45.42, 1);
    // At the centroid of its FSA (M5V, downtown by the lake), not of the city.
    expect(postal).toMatchObject({ City: 'Toronto', StateProvince: 'ON', PostalCode: 'M5V 2T6' });
    expect(postal.Latitude).toBeCloseTo(43.65, 2);
    expect(postal.Longitude).toBeCloseTo(-79.37, 2);
    const got = (
      await manager.call({ method: 'GET', url: `/api/lead-batches/${batch.LeadBatchID}` })
    ).json<LeadBatch>();
    expect(got).toMatchObject({
      LeadsCount: 3,
      LeadGroupName: 'Toronto West End',
      CreatedByName: 'Marco Rossi',
    });
    const list = (
      await manager.call({ method: 'GET', url: `/api/lead-batches?leadGroupId=${toronto.LeadGroupID}` })
    ).json<{
      Items: LeadBatch[];
      TotalCount: number;
    }>();
    expect(list.Items[0]).toMatchObject({ LeadBatchID: batch.LeadBatchID, Job: { LocatedCount: 1 } });
  });

  it('a job abandoned by a dead worker is taken over and imports nothing twice', async () => {
    const batch = await importedBatch();
    await dbOf(t)
      .update(leadBatchJobs)
      .set({
        JobStatus: JobStatus.Processing,
        ClaimedBy: 'dead',
        HeartbeatAt: new Date(Date.now() - 10 * 60_000),
      })
      .where(eq(leadBatchJobs.Id, batch.Job.Id));
    notifyLeadBatchQueued();
    const job = await finished(batch.Job.Id);
    expect(job).toMatchObject({ JobStatus: JobStatus.Succeeded, LocatedCount: 1, LocatedUnsureCount: 2 });
    const rows = await dbOf(t).select().from(leads).where(eq(leads.LeadBatchID, batch.LeadBatchID));
    expect(rows).toHaveLength(3);
  });

  it('deleting the batch removes its unworked leads and keeps worked ones; the job is gone', async () => {
    const batch = await importedBatch();
    const page = (
      await manager.call({ method: 'GET', url: `/api/leads?leadBatchId=${batch.LeadBatchID}` })
    ).json<{ Items: Lead[] }>();
    await manager.call({
      method: 'PATCH',
      url: `/api/leads/${page.Items[0].LeadID}`,
      payload: {
        LeadStatusID: page.Items[0].LeadStatusID,
        Note: 'Knocked',
        OccurredAt: new Date().toISOString(),
      },
    });
    expect(
      (await rep.call({ method: 'DELETE', url: `/api/lead-batches/${batch.LeadBatchID}` })).statusCode,
    ).toBe(403);
    const res = await manager.call({ method: 'DELETE', url: `/api/lead-batches/${batch.LeadBatchID}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ LeadBatchID: batch.LeadBatchID, DeletedLeadsCount: 2, KeptLeadsCount: 1 });
    expect(
      (await manager.call({ method: 'GET', url: `/api/lead-batch-jobs/${batch.Job.Id}` })).statusCode,
    ).toBe(404);
    expect(
      (await manager.call({ method: 'GET', url: `/api/leads/${page.Items[0].LeadID}` })).json<Lead>()
        .LeadBatchID,
    ).toBeNull();
  });
});

/** How many batches and jobs are stored: a refused upload queues nothing. */
async function stored() {
  const db = dbOf(t);
  return {
    batches: (await db.select({ id: leadBatches.LeadBatchID }).from(leadBatches)).length,
    jobs: (await db.select({ id: leadBatchJobs.Id }).from(leadBatchJobs)).length,
  };
}

describe('refused uploads and failed jobs', () => {
  it('over 10 MB is 413 with a clear message', async () => {
    const before = await stored();
    const res = await upload(manager, 'huge.csv', Buffer.alloc(10 * 1024 * 1024 + 1, 0x41));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ Message: 'The file is larger than 10 MB. Split it into smaller files.' });
    expect(await stored()).toEqual(before);
  });

  it('anything but CSV or XLSX is 415', async () => {
    const before = await stored();
    const res = await upload(manager, 'leads.pdf', '%PDF-1.7 ...');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ Message: 'Only CSV or XLSX files can be imported.' });
    // Named .csv but not text (more in uploads.test.ts).
    for (const content of [
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
      Buffer.from([0x41, 0x00, 0x42, 0x43]),
    ]) {
      const binary = await upload(manager, 'leads.csv', content);
      expect(binary.statusCode).toBe(415);
      expect(binary.json().Message).toMatch(/^This file is named \.csv but is not text/);
    }
    const typed = await upload(manager, 'leads.csv', 'City\nToronto', { ContentType: 'image/png' });
    expect(typed.statusCode).toBe(415);
    expect(await stored()).toEqual(before);
  });

  it('bad input is 400; a rep is 403; another corporation’s group is 404', async () => {
    const before = await stored();
    const bad = await manager.call({
      method: 'POST',
      url: '/api/lead-batches',
      payload: { LeadGroupID: toronto.LeadGroupID },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors).toHaveProperty('FileName');
    expect((await upload(rep, 'a.csv', 'City\nToronto')).statusCode).toBe(403);
    const other = await admin.call({
      method: 'POST',
      url: '/api/lead-groups',
      payload: { Name: 'Chicago', DivisionID: 31, IcdCorporationID: 2 },
    });
    const res = await manager.call({
      method: 'POST',
      url: '/api/lead-batches',
      payload: {
        LeadGroupID: other.json<LeadGroup>().LeadGroupID,
        FileName: 'a.csv',
        ContentBase64: b64('City\nChicago'),
      },
    });
    expect(res.statusCode).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('a file with no known column fails its job with a message', async () => {
    const res = await upload(manager, 'odd.csv', 'foo;bar\n1;2\n');
    const job = await finished(res.json<LeadBatch>().Job.Id);
    expect(job.JobStatus).toBe(JobStatus.Failed);
    expect(job.Messages[0]).toMatch(/^No column of the file is known to the import schema/);
  });

  it('a damaged XLSX is refused at upload, before any job (415)', async () => {
    const before = await stored();
    const res = await upload(manager, 'damaged.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 9, 9, 9, 9, 9]));
    expect(res.statusCode).toBe(415);
    expect(res.json().Message).toMatch(/^This file is named \.xlsx but is not an Excel workbook/);
    expect(await stored()).toEqual(before);
  });

  it('semicolon-separated files with quotes and a BOM import too', async () => {
    const text = '\uFEFFAddress;City;Latitude;Longitude\n"1 Main St; Unit 2";Toronto;43.65;-79.4\n';
    const res = await upload(manager, 'excel-fr.csv', text);
    const job = await finished(res.json<LeadBatch>().Job.Id);
    expect(job).toMatchObject({ JobStatus: JobStatus.Succeeded, LocatedCount: 1, ProcessedCount: 1 });
    const page = (
      await manager.call({
        method: 'GET',
        url: `/api/leads?leadBatchId=${res.json<LeadBatch>().LeadBatchID}`,
      })
    ).json<{ Items: Lead[] }>();
    expect(page.Items[0].StreetLine1).toBe('1 Main St; Unit 2');
  });
});
