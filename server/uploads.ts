// What every upload keeps of the name its client gave: a clean base name. A client may send a path
// ('C:\Users\me\leads.csv', '../../etc/passwd'), control characters (a NUL, a newline that would
// split a log line or a Content-Disposition header, a right-to-left override that shows 'xslx.exe'
// as 'exe.xlsx') or a name of any length; none of it is stored.

/** The longest file name kept (characters; the extension is kept when a name is shortened). */
export const MAX_FILE_NAME_LENGTH = 200;
/** The name kept when nothing usable is left (a name made only of separators, dots or controls). */
export const FALLBACK_FILE_NAME = 'upload';

// Controls (C0, DEL, C1) and the invisible format characters that reorder or hide text (bidi
// embeddings, overrides and isolates, zero-width marks, the BOM).
const CONTROLS = /[\p{Cc}\p{Cf}]/gu;
// Characters no common file system accepts in a name (Windows), kept out so a download saves as named.
const RESERVED = /[<>:"|?*]/g;

/**
 * The base name of an uploaded file: the last segment between `/` or `\` that is more than dots and
 * spaces, without control or reserved characters, trimmed of spaces and dots at the ends, at most
 * MAX_FILE_NAME_LENGTH characters (the extension kept); FALLBACK_FILE_NAME when nothing is left.
 */
export function cleanFileName(name: string, maxLength = MAX_FILE_NAME_LENGTH): string {
  const segments = name
    .normalize('NFC')
    .replace(CONTROLS, '')
    .split(/[/\\]/)
    .map((segment) => segment.replace(RESERVED, '_').replace(/^[\s.]+|[\s.]+$/g, ''))
    .filter((segment) => segment !== '');
  const base = segments.at(-1) ?? '';
  const chars = Array.from(base); // by code point, so a cut never splits a surrogate pair
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 && base.length - dot <= 16 ? base.slice(dot) : '';
  if (chars.length === 0) return FALLBACK_FILE_NAME;
  if (chars.length <= maxLength) return base;
  const extChars = Array.from(ext);
  const stem = chars.slice(0, chars.length - extChars.length);
  return (
    stem
      .slice(0, maxLength - extChars.length)
      .join('')
      .replace(/[\s.]+$/, '') + ext
  );
}
