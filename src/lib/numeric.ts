// Numeric parsing of user-typed and spreadsheet-like amounts (spec 000 §5).

const STRIPPED = /[$,%\s)]/g;
const DECIMAL = /^-?(\d+\.?\d*|\.\d+)$/;
const NUMERIC_CHARS = /^[-\d.]+$/;

/**
 * Parses an amount such as '$1,234.50', '12 %' or '(45.00)'. Dollar signs, commas, percent signs,
 * spaces and closing parentheses are stripped; an opening parenthesis means minus (accounting style).
 * Anything that is still not a plain decimal number gives 0.
 */
export function parseNumeric(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value !== 'string') return 0;
  const cleaned = value.replace(STRIPPED, '').replace(/\(/g, '-');
  if (!DECIMAL.test(cleaned)) return 0;
  const parsed = Number.parseFloat(cleaned);
  // '-0' reads as 0: a caller comparing amounts should never see a negative zero.
  return Number.isFinite(parsed) ? parsed + 0 : 0;
}

/** True only for a finite value written with digits, minus and dot alone (no '1e3', no '$5'). */
export function isNumeric(value: unknown): boolean {
  if (typeof value !== 'number' && typeof value !== 'string') return false;
  const text = String(value);
  return NUMERIC_CHARS.test(text) && Number.isFinite(Number(text));
}
