// The first message by field of a refused save (serverFieldErrors), shared by the employees' bank
// forms and the orders office, and the reasons a form's fields do not show (reasonsNotBeside).
import { describe, expect, it } from 'vitest';
import { formFields, ResponseError } from '../../../src/api/errors';
import { reasonsNotBeside, serverFieldErrors } from '../../../src/api/field-errors';

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
