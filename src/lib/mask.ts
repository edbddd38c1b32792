// Masked input engine (spec 000 §9, spec 002 §5). Mask characters:
//   0 digit               9 digit or space        # digit, space, plus or minus
//   L letter              ? letter or space       & any character but a space
//   C any character       A letter or digit       a letter, digit or space
// Every other character is a literal; a backslash makes the next character a literal ('\0').
// Unfilled positions show the prompt character, an underscore by default.
//
// A position whose rule accepts a space may be left blank: the value is complete when every
// position that does not accept a space is filled. Editing overwrites in place (like a paper form):
// deleting leaves a prompt behind rather than shifting what follows.

export const DEFAULT_PROMPT = '_';

export type MaskToken = '0' | '9' | '#' | 'L' | '?' | '&' | 'C' | 'A' | 'a';

export type MaskSlot = { kind: 'literal'; char: string } | { kind: 'input'; token: MaskToken };

const TOKEN_RULES: Record<MaskToken, RegExp> = {
  '0': /^\d$/,
  '9': /^[\d ]$/,
  '#': /^[\d +-]$/,
  L: /^\p{L}$/u,
  '?': /^[\p{L} ]$/u,
  '&': /^\S$/u,
  C: /^.$/su,
  A: /^[\p{L}\d]$/u,
  a: /^[\p{L}\d ]$/u,
};

function isToken(char: string): char is MaskToken {
  return Object.hasOwn(TOKEN_RULES, char);
}

/** Splits a mask into positions; one position per character of the displayed text. */
export function parseMask(mask: string): MaskSlot[] {
  const slots: MaskSlot[] = [];
  const chars = Array.from(mask);
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i];
    if (char === '\\' && i + 1 < chars.length) {
      slots.push({ kind: 'literal', char: chars[++i] });
    } else if (isToken(char)) {
      slots.push({ kind: 'input', token: char });
    } else {
      slots.push({ kind: 'literal', char });
    }
  }
  return slots;
}

export function tokenAccepts(token: MaskToken, char: string): boolean {
  return TOKEN_RULES[token].test(char);
}

/** A position that may be left blank (its rule accepts a space). */
export function isOptionalSlot(slot: MaskSlot): boolean {
  return slot.kind === 'input' && tokenAccepts(slot.token, ' ');
}

/**
 * What the user has entered: one entry per position, the character or null (literals are always
 * null). Positions never shift, so the entry at i is what is displayed at i.
 */
export type MaskChars = readonly (string | null)[];

export interface MaskState {
  slots: readonly MaskSlot[];
  chars: MaskChars;
}

export interface EditResult {
  chars: MaskChars;
  /** Where the caret goes after the edit. */
  caret: number;
}

export function emptyChars(slots: readonly MaskSlot[]): MaskChars {
  return slots.map(() => null);
}

function nextInputIndex(slots: readonly MaskSlot[], from: number): number {
  let i = Math.max(0, from);
  while (i < slots.length && slots[i].kind === 'literal') i++;
  return i;
}

/** The position after the last filled one (the first input position when nothing is filled). */
export function contentEnd(slots: readonly MaskSlot[], chars: MaskChars): number {
  for (let i = chars.length - 1; i >= 0; i--) {
    if (chars[i] !== null) return nextInputIndex(slots, i + 1);
  }
  return nextInputIndex(slots, 0);
}

function isOtherLiteral(slot: MaskSlot, char: string): boolean {
  return slot.kind === 'literal' && slot.char !== char;
}

/**
 * Types `text` at `start`, first clearing the positions in [start, end) (a selection being replaced).
 * Characters matching the literal at the current position are taken as that literal, a prompt
 * character clears the position, and a character the position refuses is dropped. Typing past what
 * has been filled continues right after it, so no gap opens when the caret sits at the far end.
 */
export function insertText(
  slots: readonly MaskSlot[],
  chars: MaskChars,
  start: number,
  end: number,
  text: string,
  prompt: string = DEFAULT_PROMPT,
): EditResult {
  const next = [...chars];
  for (let i = Math.max(0, start); i < Math.min(end, slots.length); i++) next[i] = null;
  let pos = Math.min(Math.max(0, start), contentEnd(slots, next));
  for (const char of Array.from(text)) {
    while (pos < slots.length && isOtherLiteral(slots[pos], char)) pos++;
    if (pos >= slots.length) break;
    const slot = slots[pos];
    if (slot.kind === 'literal') {
      pos++; // the character is this literal
    } else if (char === prompt) {
      next[pos] = null;
      pos++;
    } else if (tokenAccepts(slot.token, char)) {
      next[pos] = char;
      pos++;
    }
  }
  return { chars: next, caret: nextInputIndex(slots, pos) };
}

/**
 * Deletes like Backspace (`backward`) or Delete (`forward`): a selection [start, end) is cleared;
 * without one, the nearest entered position before (or after) the caret is cleared, skipping literals.
 */
export function deleteText(
  slots: readonly MaskSlot[],
  chars: MaskChars,
  start: number,
  end: number,
  direction: 'backward' | 'forward',
): EditResult {
  const next = [...chars];
  if (end > start) {
    for (let i = Math.max(0, start); i < Math.min(end, slots.length); i++) next[i] = null;
    return { chars: next, caret: start };
  }
  if (direction === 'backward') {
    let i = Math.min(start, slots.length) - 1;
    while (i >= 0 && slots[i].kind === 'literal') i--;
    if (i < 0) return { chars: next, caret: start };
    next[i] = null;
    return { chars: next, caret: i };
  }
  const i = nextInputIndex(slots, start);
  if (i < slots.length) next[i] = null;
  return { chars: next, caret: start };
}

/**
 * Applies a change made to the displayed text by means other than a key the input handles itself
 * (mobile keyboards, autofill, drag and drop): the difference between `before` and `after` is turned
 * into a deletion and an insertion.
 */
export function applyTextChange(
  slots: readonly MaskSlot[],
  chars: MaskChars,
  before: string,
  after: string,
  prompt: string = DEFAULT_PROMPT,
): EditResult {
  const a = Array.from(before);
  const b = Array.from(after);
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  ) {
    suffix++;
  }
  const removedEnd = a.length - suffix;
  const inserted = b.slice(prefix, b.length - suffix).join('');
  if (inserted === '') {
    const cleared = chars.slice(prefix, removedEnd).some((c) => c !== null);
    // Removing only literals or prompts reads as a Backspace over them.
    return cleared
      ? deleteText(slots, chars, prefix, removedEnd, 'backward')
      : deleteText(slots, chars, prefix + 1, prefix + 1, 'backward');
  }
  return insertText(slots, chars, prefix, removedEnd, inserted, prompt);
}

/** The displayed text: literals, entered characters, and the prompt where nothing is entered. */
export function formatMask(
  slots: readonly MaskSlot[],
  chars: MaskChars,
  prompt: string = DEFAULT_PROMPT,
): string {
  return slots.map((slot, i) => (slot.kind === 'literal' ? slot.char : (chars[i] ?? prompt))).join('');
}

/** True when every position that does not accept a space has been filled. */
export function isCharsComplete(slots: readonly MaskSlot[], chars: MaskChars): boolean {
  return slots.every((slot, i) => slot.kind === 'literal' || chars[i] !== null || isOptionalSlot(slot));
}

/** The entered characters alone, in order (literals and blanks left out). */
export function unmaskChars(chars: MaskChars): string {
  return chars.filter((c): c is string => c !== null).join('');
}

export interface MaskResult {
  /** The text as displayed, with the prompt in unfilled positions: '(416) 555-____'. */
  masked: string;
  /** The entered characters only: '416555'. */
  unmasked: string;
  complete: boolean;
  /** Nothing entered at all. */
  empty: boolean;
  chars: MaskChars;
}

/** Describes positional state (what a component holding `chars` shows and reports). */
export function describeMask(
  slots: readonly MaskSlot[],
  chars: MaskChars,
  prompt: string = DEFAULT_PROMPT,
): MaskResult {
  const unmasked = unmaskChars(chars);
  return {
    masked: formatMask(slots, chars, prompt),
    unmasked,
    complete: isCharsComplete(slots, chars),
    empty: chars.every((c) => c === null),
    chars,
  };
}

/**
 * Applies a mask to a raw value, which may be the bare characters ('4165551234') or an already
 * masked text ('(416) 555-1234', '(416) 555-____'): both give the same result.
 */
export function applyMask(mask: string, raw: string, prompt: string = DEFAULT_PROMPT): MaskResult {
  const slots = parseMask(mask);
  const { chars } = insertText(slots, emptyChars(slots), 0, 0, raw, prompt);
  return describeMask(slots, chars, prompt);
}

export function isMaskComplete(mask: string, raw: string, prompt: string = DEFAULT_PROMPT): boolean {
  return applyMask(mask, raw, prompt).complete;
}

export function unmaskValue(mask: string, raw: string, prompt: string = DEFAULT_PROMPT): string {
  return applyMask(mask, raw, prompt).unmasked;
}
