import { describe, expect, it } from 'vitest';
import { ResponseError } from '../../../src/api/errors';
import { saveProblem } from '../../../src/features/organisation/api';

describe('saveProblem', () => {
  it('calls a 409 with the current record a conflict (someone else changed it)', () => {
    const err = new ResponseError({
      status: 409,
      data: {
        Message: 'This item was changed by someone else. Review the current version.',
        Current: { Version: 3 },
      },
    });
    expect(saveProblem(err, 'Save failed')).toMatchObject({ conflict: true });
  });

  it('keeps a 409 refusal without a current record as a plain refusal with its message', () => {
    const err = new ResponseError({
      status: 409,
      data: { Message: 'The office has 17 employment record(s); move or remove them first.' },
    });
    expect(saveProblem(err, 'Delete failed')).toMatchObject({
      conflict: false,
      message: 'The office has 17 employment record(s); move or remove them first.',
    });
  });

  it('gives the field messages of a 400', () => {
    const err = new ResponseError({
      status: 400,
      data: { Message: 'Invalid', Errors: { Name: ['Name is required.'] } },
    });
    expect(saveProblem(err, 'Save failed').fields).toEqual({ Name: 'Name is required.' });
  });
});
