// The event drawer's additional-hours editor: its rows, checks, payload and the server's field errors.
import { describe, expect, it } from 'vitest';
import {
  checkRows,
  emptyRow,
  type HoursRow,
  rowsFrom,
  serverRowErrors,
  totalHours,
} from '../../../src/features/scheduling/additional-hours';

const names: Record<number, string> = { 7: 'Ben Okafor', 9: 'Aisha Karimi' };
const nameOf = (id: number) => names[id];
const row = (over: Partial<HoursRow>): HoursRow => ({ ...emptyRow(), ...over });

describe('additional hours rows', () => {
  it('start from what is saved, comments as text', () => {
    const rows = rowsFrom([
      {
        AdditionalHoursID: 1,
        ScheduleEventID: 3,
        EmployeeID: 7,
        EmployeeName: 'Ben Okafor',
        Hours: 1.5,
        Comments: null,
      },
    ]);
    expect(rows).toMatchObject([{ EmployeeID: 7, Hours: 1.5, Comments: '' }]);
    expect(rows[0].key).not.toBe(emptyRow().key);
  });

  it('need a person, listed once, and more than 0 and at most 24 hours in hundredths', () => {
    const { errors, payload } = checkRows(
      [
        row({ EmployeeID: null, Hours: '' }),
        row({ EmployeeID: 7, Hours: 0 }),
        row({ EmployeeID: 7, Hours: 24.5 }),
        row({ EmployeeID: 9, Hours: 1.125 }),
      ],
      4,
      nameOf,
    );
    expect(payload).toBeNull();
    expect(errors[0]).toEqual({
      EmployeeID: { key: 'scheduling.hours.errors.employee' },
      Hours: { key: 'scheduling.hours.errors.hours' },
    });
    expect(errors[1]).toEqual({ Hours: { key: 'scheduling.hours.errors.hoursMin' } });
    expect(errors[2]).toEqual({
      EmployeeID: { key: 'scheduling.hours.errors.twice', values: { name: 'Ben Okafor' } },
      Hours: { key: 'scheduling.hours.errors.hoursMax', values: { max: 24 } },
    });
    expect(errors[3]).toEqual({ Hours: { key: 'scheduling.hours.errors.hoursStep' } });
  });

  it('become the PUT payload with the Version read, blank comments as null', () => {
    const { errors, payload } = checkRows(
      [
        row({ EmployeeID: 7, Hours: 1.5, Comments: '  Booth setup ' }),
        row({ EmployeeID: 9, Hours: '0.75', Comments: '   ' }),
      ],
      4,
      nameOf,
    );
    expect(errors).toEqual({});
    expect(payload).toEqual({
      Version: 4,
      AdditionalHours: [
        { EmployeeID: 7, Hours: 1.5, Comments: 'Booth setup' },
        { EmployeeID: 9, Hours: 0.75, Comments: null },
      ],
    });
    // No rows: saving clears the event's additional hours.
    expect(checkRows([], 5, nameOf).payload).toEqual({ Version: 5, AdditionalHours: [] });
  });

  it('total the valid hours', () => {
    expect(totalHours([{ Hours: 1.5 }, { Hours: '0.75' }, { Hours: '' }, { Hours: -2 }])).toBe(2.25);
  });

  it("put the server's field errors back on their rows", () => {
    expect(
      serverRowErrors({
        Message: 'An employee is listed twice.',
        Errors: {
          'AdditionalHours.1.EmployeeID': ['This employee is listed twice.'],
          'AdditionalHours.0.Hours': ['More than 0'],
          Version: ['Required'],
        },
      }),
    ).toEqual({
      0: { Hours: { key: '', text: 'More than 0' } },
      1: { EmployeeID: { key: '', text: 'This employee is listed twice.' } },
    });
    expect(serverRowErrors(null)).toEqual({});
  });
});
