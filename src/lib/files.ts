// File checks for uploads (spec 000 §5, spec 002 §5, §8, §9): images are gif, jpeg or png only;
// sizes are shown in MB; a required file input with nothing chosen is invalid.

export const IMAGE_MIME_TYPES: readonly string[] = ['image/gif', 'image/jpeg', 'image/png'];
export const IMAGE_EXTENSIONS: readonly string[] = ['gif', 'jpeg', 'jpg', 'png'];
/** The `accept` attribute for an image-only file input. */
export const IMAGE_ACCEPT = [...IMAGE_MIME_TYPES, ...IMAGE_EXTENSIONS.map((ext) => `.${ext}`)].join(',');

const BYTES_PER_MB = 1024 * 1024;

/** The part of a `File` these checks read (a plain object works in tests and on the server). */
export interface FileLike {
  name: string;
  type: string;
  size: number;
}

export function isImageMimeType(type: string): boolean {
  return IMAGE_MIME_TYPES.includes(type.trim().toLowerCase());
}

/** Lower-case extension without the dot, or '' when the name has none. */
export function fileExtension(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function hasImageExtension(name: string): boolean {
  return IMAGE_EXTENSIONS.includes(fileExtension(name));
}

/**
 * A gif, jpeg or png image. The MIME type and the extension are both checked when known (a browser
 * leaves `type` empty for types it does not know); a file with neither is not an image.
 */
export function isImageFile(file: Pick<FileLike, 'name' | 'type'>): boolean {
  const type = file.type.trim();
  const ext = fileExtension(file.name);
  if (type === '' && ext === '') return false;
  if (type !== '' && !isImageMimeType(type)) return false;
  if (ext !== '' && !hasImageExtension(file.name)) return false;
  return true;
}

/** Size in megabytes (1 MB = 1024 × 1024 bytes), unrounded; format it for display. */
export function fileSizeMb(fileOrBytes: Pick<FileLike, 'size'> | number): number {
  const bytes = typeof fileOrBytes === 'number' ? fileOrBytes : fileOrBytes.size;
  return Math.max(0, bytes) / BYTES_PER_MB;
}

/** The part of an `<input>` element the file-input validation reads. */
export interface FileInputLike {
  type: string;
  required: boolean;
  files: ArrayLike<FileLike> | null;
}

export interface FileRules {
  /** Accept gif, jpeg and png images only. */
  imagesOnly?: boolean;
  /** Largest accepted file, in MB. */
  maxSizeMb?: number;
}

export type FileInputError = 'required' | 'notImage' | 'tooLarge';

export interface FileInputValidity {
  valid: boolean;
  error: FileInputError | null;
}

/**
 * Validates a file input: required with nothing chosen is invalid; with `imagesOnly`, every file must
 * be a gif, jpeg or png; with `maxSizeMb`, none may be larger. The file rules belong on a file input:
 * given any other kind of input they are not applied and a console warning says so.
 */
export function validateFileInput(input: FileInputLike, rules: FileRules = {}): FileInputValidity {
  if (input.type.toLowerCase() !== 'file') {
    console.warn(`file input: file validation placed on a non-file input (type '${input.type}')`);
    return { valid: true, error: null };
  }
  const files = Array.from(input.files ?? []);
  if (files.length === 0) {
    return input.required ? { valid: false, error: 'required' } : { valid: true, error: null };
  }
  if (rules.imagesOnly && !files.every(isImageFile)) return { valid: false, error: 'notImage' };
  const max = rules.maxSizeMb;
  if (max !== undefined && files.some((file) => fileSizeMb(file) > max)) {
    return { valid: false, error: 'tooLarge' };
  }
  return { valid: true, error: null };
}
