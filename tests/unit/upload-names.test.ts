// cleanFileName: what every upload keeps of the name its client gave.
import { describe, expect, it } from 'vitest';
import { cleanFileName, FALLBACK_FILE_NAME, MAX_FILE_NAME_LENGTH } from '../../server/uploads';

describe('cleanFileName', () => {
  it.each([
    ['leads.csv', 'leads.csv'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\boot.ini', 'boot.ini'],
    ['dir/leads.csv/', 'leads.csv'],
    ['../..', FALLBACK_FILE_NAME],
    ['\u0000\u0001', FALLBACK_FILE_NAME],
    ['  .hidden.csv. ', 'hidden.csv'],
    ['in\u202evoice\u200b.csv', 'invoice.csv'],
    ['a:b?<c>|"d*.csv', 'a_b__c___d_.csv'],
    ['Montréal.csv', 'Montréal.csv'],
  ])('%j → %j', (given, kept) => {
    expect(cleanFileName(given)).toBe(kept);
  });

  it('cuts a long name by characters, keeping the extension and never splitting one', () => {
    const emoji = cleanFileName(`${'😀'.repeat(300)}.xlsx`);
    expect(Array.from(emoji)).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(emoji.endsWith('😀.xlsx')).toBe(true);
    expect(cleanFileName(`${'a'.repeat(300)}`)).toHaveLength(MAX_FILE_NAME_LENGTH);
  });
});
