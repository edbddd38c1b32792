// The first message by field of a refused save (serverFieldErrors), shared by the employees' bank
// forms and the orders office, the reasons a form's fields do not show (reasonsNotBeside), and the
// first message by field of a form's own zod check (zodFieldErrors: access roles, manual payroll).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResponseError } from '../../../src/api/errors';
import { reasonsNotBeside, serverFieldErrors, zodFieldErrors } from '../../../src/api/field-errors';
import { formFields } from '../../../src/api/save-problems';

const refused = (Errors: unknown) =>
  new ResponseError({ status: 400, data: { Message: 'The request is not valid.', Errors } });

describe('serverFieldErrors', () => {
  it('reads the first message of each field, as the server keys it', () => {
    expect(
      serverFieldErrors(
        refused({ AccountNumber: ['Enter 4 to 17 digits', 'second'], 'Lines[0].Quantity': ['1 or more'] }),
      ),
    ).toEqual({ AccountNumber: 'Enter 4 to 17 digits', 'Lines[0].Quantity': '1 or more' });
  });

  it('keeps a message given alone, skips empty ones and fields without any', () => {
    expect(
      serverFieldErrors(refused({ Name: 'Taken', Code: [''], City: [], Phone: [42, 'Digits only'] })),
    ).toEqual({
      Name: 'Taken',
      Phone: 'Digits only',
    });
  });

  it('gives nothing for a refusal without Errors or for any other error', () => {
    expect(serverFieldErrors(new ResponseError({ status: 422, data: { Message: 'Inactive.' } }))).toEqual({});
    expect(serverFieldErrors(refused(null))).toEqual({});
    expect(serverFieldErrors(new ResponseError({ status: 500, data: 'oops' }))).toEqual({});
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });
});

describe('reasonsNotBeside', () => {
  it('lists the messages of the fields the form does not show', () => {
    const shown = formFields('Name', 'Lines.*.Quantity');
    expect(
      reasonsNotBeside(
        {
          Name: ['Taken'],
          'Lines[1].Quantity': ['1 or more'],
          ProgramID: ['Unknown', 'Inactive'],
          City: 'Unknown city',
        },
        shown,
      ),
    ).toEqual(['Unknown', 'Inactive', 'Unknown city']);
    expect(reasonsNotBeside({ Name: ['Taken'] }, shown)).toEqual([]);
  });
});

describe('zodFieldErrors', () => {
  it('keys the first message of each field by its dotted path', () => {
    const parsed = z
      .object({
        Name: z.string().min(1, 'Enter a name').max(3, 'Too long'),
        Tiers: z.array(z.object({ To: z.number().min(1, '1 or more') })),
      })
      .safeParse({ Name: '', Tiers: [{ To: 5 }, { To: 0 }] });
    expect(parsed.success).toBe(false);
    expect(zodFieldErrors(parsed.error?.issues ?? [])).toEqual({
      Name: 'Enter a name',
      'Tiers.1.To': '1 or more',
    });
  });

  it('keeps the first of two messages of one field', () => {
    const issues = [
      { path: ['Code'], message: 'Required' },
      { path: ['Code'], message: 'Letters only' },
    ];
    expect(zodFieldErrors(issues)).toEqual({ Code: 'Required' });
  });
});
