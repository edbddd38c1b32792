// Reference field values: checked against the field's input mask (spec 002 §5, the rules of the
// masked input: src/lib/mask.ts) and its value type, and masked for readers who may not see a
// sensitive value. Pure: no I/O.
import { ONBOARDING_MESSAGES, type ValueType } from '../../../src/contract/onboarding';
import { isOptionalSlot, type MaskSlot, parseMask, tokenAccepts } from '../../../src/lib/mask';

export type FieldCheck = { ok: true; value: string } | { ok: false; message: string };

/**
 * A value for a mask, given either as displayed ('(416) 555-1234', literals in place; blanks as the
 * '_' prompt or a space where the position allows one) or as the entered characters alone
 * ('4165551234'). Answers the displayed form, or why it does not fit: 'unfinished' when a required
 * position is empty (as the masked input says on blur), the format otherwise.
 */
export function checkMask(mask: string, value: string): FieldCheck {
  const slots = parseMask(mask);
  const chars = Array.from(value);
  const mismatch = { ok: false as const, message: ONBOARDING_MESSAGES.maskMismatch(mask) };
  let filled: (string | null)[] | null = null;
  if (chars.length === slots.length) {
    // Displayed form: literals where the mask has them.
    const out: (string | null)[] = [];
    let fits = true;
    slots.forEach((slot, i) => {
      const c = chars[i];
      if (slot.kind === 'literal') {
        if (c !== slot.char) fits = false;
        out.push(null);
      } else if (c === '_') out.push(null);
      else if (tokenAccepts(slot.token, c)) out.push(c);
      else fits = false;
    });
    if (fits) filled = out;
  }
  // Entered characters alone, in order; failing that, without the separators a person types (the
  // mask's literals and spaces): '046 454 286' for 000-000-000.
  const literals = new Set(slots.flatMap((s) => (s.kind === 'literal' ? [s.char] : [])));
  filled ??=
    entered(slots, chars) ??
    entered(
      slots,
      chars.filter((c) => c !== ' ' && !literals.has(c)),
    );
  if (!filled) return mismatch;
  const complete = slots.every(
    (slot: MaskSlot, i) => slot.kind === 'literal' || filled?.[i] != null || isOptionalSlot(slot),
  );
  if (!complete) return { ok: false, message: ONBOARDING_MESSAGES.unfinished };
  const display = slots
    .map((slot, i) => (slot.kind === 'literal' ? slot.char : (filled?.[i] ?? ' ')))
    .join('')
    .trimEnd();
  return { ok: true, value: display };
}

export function checkValueType(type: ValueType, value: string): FieldCheck {
  switch (type) {
    case 'Number':
      return /^-?\d+(\.\d+)?$/.test(value.replace(/[\s,]/g, ''))
        ? { ok: true, value }
        : { ok: false, message: ONBOARDING_MESSAGES.number };
    case 'Date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      const d = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : null;
      return d && d.getUTCMonth() === +m![2] - 1 && d.getUTCDate() === +m![3]
        ? { ok: true, value }
        : { ok: false, message: ONBOARDING_MESSAGES.date };
    }
    case 'Boolean':
      return value === 'true' || value === 'false'
        ? { ok: true, value }
        : { ok: false, message: ONBOARDING_MESSAGES.boolean };
    default:
      return { ok: true, value };
  }
}

/**
 * A field's value checked against its mask, then its type. With a mask, a Number is checked on the
 * characters entered (the mask's literals are not digits); Date and Boolean on the displayed value.
 */
export function checkFieldValue(
  field: { InputMask: string | null; ValueType: string },
  raw: string,
): FieldCheck {
  const trimmed = raw.trim();
  if (trimmed === '') return { ok: true, value: '' };
  const masked = field.InputMask ? checkMask(field.InputMask, raw) : { ok: true as const, value: trimmed };
  if (!masked.ok) return masked;
  const type = field.ValueType as ValueType;
  const typed =
    field.InputMask && type === 'Number'
      ? checkValueType(type, masked.value.replace(/[^\d.-]/g, ''))
      : checkValueType(type, masked.value);
  return typed.ok ? masked : typed;
}

/** The entered characters placed in the mask's input positions, or null when one does not fit. */
function entered(slots: MaskSlot[], chars: string[]): (string | null)[] | null {
  if (chars.length > slots.filter((s) => s.kind === 'input').length) return null;
  let k = 0;
  const out: (string | null)[] = [];
  for (const slot of slots) {
    const c = slot.kind === 'input' ? chars[k] : undefined;
    if (slot.kind === 'literal' || c === undefined) {
      out.push(null);
      continue;
    }
    if (!tokenAccepts(slot.token, c)) return null;
    out.push(c);
    k++;
  }
  return out;
}

/** A sensitive value as an unauthorised reader sees it: every letter and digit but the last 3 starred. */
export function maskSensitive(value: string): string {
  const positions = [...value].map((c, i) => (/[\p{L}\d]/u.test(c) ? i : -1)).filter((i) => i >= 0);
  const keep = new Set(positions.slice(-3));
  return [...value].map((c, i) => (/[\p{L}\d]/u.test(c) && !keep.has(i) ? '*' : c)).join('');
}
