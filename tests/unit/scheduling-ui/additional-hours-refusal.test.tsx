// A refused save of the event drawer's additional hours: a reason the server gives for a row's field
// is said beside that field only, with no banner repeating it; a refusal naming no field keeps its
// banner above the rows (the server's sentence), and a reason for a field no row shows is listed in
// that banner under the sentence.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BoardEvent } from '../../../src/features/scheduling/board';
import { AdditionalHoursSection } from '../../../src/features/scheduling/components/additional-hours-section';
import { type Handler, json } from '../api/helpers';
import { bannerTexts, errorBeside, refusal } from '../ui/refusal';
import { renderApp } from '../ui/render-app';

const EVENT: BoardEvent = {
  ScheduleEventID: 10,
  IcdOfficeID: 1,
  OfficeName: 'Toronto Central',
  EventHostID: null,
  EventHostName: null,
  HostTypeID: null,
  Title: 'Costco Road Show',
  Date: '2026-03-02',
  StartTime: '10:00:00',
  EndTime: '18:00:00',
  ProgramID: null,
  StoreID: null,
  Notes: null,
  Status: 1,
  Version: 5,
  CreatedByEmployeeID: null,
  CreatedAt: '2026-02-01T10:00:00Z',
  UpdatedAt: '2026-02-01T10:00:00Z',
  StreetLine1: null,
  StreetLine2: null,
  City: null,
  StateProvince: null,
  PostalCode: null,
  CountryID: null,
  TimeSlots: [],
};

const DETAIL = {
  ...EVENT,
  AdditionalHours: [
    {
      AdditionalHoursID: 1,
      ScheduleEventID: 10,
      EmployeeID: 7,
      EmployeeName: 'Ben Okafor',
      Hours: 2,
      Comments: null,
    },
  ],
};

async function saveHours(answer: Handler) {
  const { server } = await renderApp(<AdditionalHoursSection event={EVENT} online />, {
    routes: {
      'GET /api/schedule-events/10': () => json(DETAIL),
      'PUT /api/schedule-events/10/additional-hours': answer,
    },
  });
  fireEvent.click(await screen.findByTestId('edit-additional-hours'));
  fireEvent.click(await screen.findByTestId('save-additional-hours'));
  await waitFor(() =>
    expect(server.callsTo('PUT', '/api/schedule-events/10/additional-hours')).toHaveLength(1),
  );
}

describe('additional hours, refused', () => {
  it('says a reason of a row field beside that field only', async () => {
    const missing = 'The employee was not found.';
    await saveHours(refusal(400, missing, { 'AdditionalHours.0.EmployeeID': [missing] }));
    await waitFor(() => expect(errorBeside('Employee')).toBe(missing));
    expect(screen.getAllByText(missing)).toHaveLength(1);
    expect(screen.queryByTestId('additional-hours-error')).toBeNull();
  });

  it('keeps the banner for a refusal naming no field', async () => {
    const elsewhere = 'Ben Okafor does not work at Toronto Central.';
    await saveHours(refusal(422, elsewhere));
    expect((await screen.findByTestId('additional-hours-error')).textContent).toBe(elsewhere);
    expect(errorBeside('Employee')).toBeNull();
    expect(bannerTexts()).toEqual([elsewhere]);
  });

  it("lists a reason of a field no row shows under the server's sentence, and that reason only", async () => {
    const missing = 'The employee was not found.';
    const tooMany = 'An event takes at most 50 rows of additional hours.';
    await saveHours(
      refusal(400, 'The hours could not be saved.', {
        AdditionalHours: [tooMany],
        'AdditionalHours.0.EmployeeID': [missing],
      }),
    );
    const banner = await screen.findByTestId('additional-hours-error');
    expect(banner.textContent).toBe(`The hours could not be saved.${tooMany}`);
    expect(errorBeside('Employee')).toBe(missing);
  });

  it('says the event changed meanwhile and what is saved now', async () => {
    await saveHours(refusal(409, 'The record was changed by someone else.'));
    const banner = await screen.findByTestId('additional-hours-error');
    expect(banner.textContent).toContain('This event was changed by someone else meanwhile');
    expect(banner.textContent).toContain('Saved now: Ben Okafor 2 h.');
  });
});
