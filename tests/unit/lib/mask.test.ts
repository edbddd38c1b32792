import { describe, expect, it } from 'vitest';
import {
  applyMask,
  applyTextChange,
  deleteText,
  emptyChars,
  formatMask,
  insertText,
  isMaskComplete,
  parseMask,
  tokenAccepts,
  unmaskValue,
} from '../../../src/lib/mask';

const PHONE = '(000) 000-0000';

describe('mask characters', () => {
  it.each([
    ['0', ['5'], ['a', ' ', '+']],
    ['9', ['5', ' '], ['a', '-']],
    ['#', ['5', ' ', '+', '-'], ['a', '.']],
    ['L', ['a', 'Z', 'é'], ['1', ' ', '-']],
    ['?', ['a', ' '], ['1', '-']],
    ['&', ['a', '1', '-', '_'], [' ']],
    ['C', ['a', '1', ' ', '-'], []],
    ['A', ['a', '1'], [' ', '-']],
    ['a', ['a', '1', ' '], ['-', '.']],
  ] as const)('%s accepts %j and refuses %j', (token, accepted, refused) => {
    for (const char of accepted) expect(tokenAccepts(token, char), char).toBe(true);
    for (const char of refused) expect(tokenAccepts(token, char), char).toBe(false);
  });

  it('treats other characters as literals, and a backslash escapes a mask character', () => {
    expect(parseMask('0-\\0')).toEqual([
      { kind: 'input', token: '0' },
      { kind: 'literal', char: '-' },
      { kind: 'literal', char: '0' },
    ]);
  });
});

describe('applyMask', () => {
  it('places raw characters and shows the underscore prompt where nothing is entered', () => {
    const result = applyMask(PHONE, '416555');
    expect(result.masked).toBe('(416) 555-____');
    expect(result.unmasked).toBe('416555');
    expect(result.complete).toBe(false);
    expect(result.empty).toBe(false);
  });

  it('accepts an already masked value, literals and all', () => {
    expect(applyMask(PHONE, '(416) 555-1234').masked).toBe('(416) 555-1234');
    expect(applyMask(PHONE, '4165551234').masked).toBe('(416) 555-1234');
    expect(applyMask(PHONE, '416-555-1234').masked).toBe('(416) 555-1234');
  });

  it('keeps prompts as blanks in their positions', () => {
    expect(applyMask(PHONE, '(4_6) ___-___9').masked).toBe('(4_6) ___-___9');
  });

  it('drops characters a position refuses', () => {
    expect(applyMask(PHONE, '41a6x555').masked).toBe('(416) 555-____');
    expect(applyMask('LL 0', 'a1b2').masked).toBe('ab 2');
  });

  it('is complete when every position that does not accept a space is filled', () => {
    expect(isMaskComplete(PHONE, '4165551234')).toBe(true);
    expect(isMaskComplete(PHONE, '416555123')).toBe(false);
    expect(isMaskComplete('0009', '123')).toBe(true);
    expect(isMaskComplete('00L?', '12a')).toBe(true);
    expect(isMaskComplete('00LL', '12a')).toBe(false);
    expect(isMaskComplete('&C', '')).toBe(false);
    expect(isMaskComplete('&C', 'x')).toBe(true);
  });

  it('gives the unmasked value', () => {
    expect(unmaskValue(PHONE, '(416) 555-1234')).toBe('4165551234');
    expect(unmaskValue('L0L 0L0', 'k1a0b1')).toBe('k1a0b1');
    expect(applyMask('L0L 0L0', 'K1A 0B1').masked).toBe('K1A 0B1');
  });

  it('reports an empty value', () => {
    expect(applyMask(PHONE, '').empty).toBe(true);
    expect(applyMask(PHONE, '').masked).toBe('(___) ___-____');
  });

  it('uses another prompt character when asked', () => {
    expect(applyMask('00-00', '12', '#').masked).toBe('12-##');
  });
});

describe('editing', () => {
  const slots = parseMask(PHONE);
  const filled = (raw: string) => applyMask(PHONE, raw).chars;

  it('types over the position at the caret and moves the caret past literals', () => {
    const { chars, caret } = insertText(slots, emptyChars(slots), 0, 0, '416');
    expect(formatMask(slots, chars)).toBe('(416) ___-____');
    expect(caret).toBe(6);
  });

  it('continues after what is filled when the caret sits further right', () => {
    const { chars } = insertText(slots, filled('41'), 14, 14, '6');
    expect(formatMask(slots, chars)).toBe('(416) ___-____');
  });

  it('overwrites in the middle without shifting', () => {
    const { chars } = insertText(slots, filled('4165551234'), 1, 1, '9');
    expect(formatMask(slots, chars)).toBe('(916) 555-1234');
  });

  it('replaces a selection', () => {
    const { chars } = insertText(slots, filled('4165551234'), 6, 9, '7');
    expect(formatMask(slots, chars)).toBe('(416) 7__-1234');
  });

  it('backspace clears the previous entered position, skipping literals', () => {
    const result = deleteText(slots, filled('416555'), 6, 6, 'backward');
    expect(formatMask(slots, result.chars)).toBe('(41_) 555-____');
    expect(result.caret).toBe(3);
  });

  it('delete clears the next position; a selection clears all of it', () => {
    expect(formatMask(slots, deleteText(slots, filled('416555'), 4, 4, 'forward').chars)).toBe(
      '(416) _55-____',
    );
    expect(formatMask(slots, deleteText(slots, filled('416555'), 2, 8, 'backward').chars)).toBe(
      '(4__) __5-____',
    );
  });

  it('turns a change of the displayed text into edits', () => {
    const before = '(41_) ___-____';
    expect(formatMask(slots, applyTextChange(slots, filled('41'), before, '(416_) ___-____').chars)).toBe(
      '(416) ___-____',
    );
    // Removing the ') ' literal reads as a backspace over it.
    const removed = applyTextChange(slots, filled('416'), '(416) ___-____', '(416 ___-____');
    expect(formatMask(slots, removed.chars)).toBe('(41_) ___-____');
  });
});
