// A refused save in the team and member dialogs: the server's message, and on a stale save (409) that
// the team was read again — in the words of the en_CA locale.
import { describe, expect, it } from 'vitest';
import { ResponseError } from '../../../src/api/errors';
import { saveErrorMessage } from '../../../src/features/teams/team-form-errors';
import teams from '../../../src/i18n/locales/en_CA/teams.json';

const t = (key: string) => (key === 'teams.reloaded' ? teams.reloaded : key);

describe('saveErrorMessage', () => {
  it('a stale save: the server says why, then that the team was read again', () => {
    const err = new ResponseError({ status: 409, data: { Message: 'Someone else changed this team.' } });
    expect(saveErrorMessage(err, t)).toBe(
      'Someone else changed this team. The team was read again; review and save once more.',
    );
  });

  it('any other refusal: the server’s message alone', () => {
    const err = new ResponseError({ status: 400, data: { Message: 'The name is taken.' } });
    expect(saveErrorMessage(err, t)).toBe('The name is taken.');
    expect(saveErrorMessage(new Error('boom'), t)).not.toContain(teams.reloaded);
  });
});
