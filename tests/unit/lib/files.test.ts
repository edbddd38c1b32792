import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fileExtension,
  fileSizeMb,
  isImageFile,
  isImageMimeType,
  validateFileInput,
} from '../../../src/lib/files';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

afterEach(() => vi.restoreAllMocks());

describe('image files', () => {
  it('accepts gif, jpeg and png by MIME type', () => {
    expect(isImageMimeType('image/gif')).toBe(true);
    expect(isImageMimeType('image/jpeg')).toBe(true);
    expect(isImageMimeType('IMAGE/PNG')).toBe(true);
    expect(isImageMimeType('image/webp')).toBe(false);
    expect(isImageMimeType('image/svg+xml')).toBe(false);
  });

  it('checks both the MIME type and the extension', () => {
    expect(isImageFile(file('photo.png', 'image/png'))).toBe(true);
    expect(isImageFile(file('photo.JPG', 'image/jpeg'))).toBe(true);
    expect(isImageFile(file('scan.jpeg', ''))).toBe(true);
    expect(isImageFile(file('photo', 'image/gif'))).toBe(true);
    expect(isImageFile(file('photo.webp', 'image/webp'))).toBe(false);
    expect(isImageFile(file('photo.png', 'application/pdf'))).toBe(false);
    expect(isImageFile(file('cheque.pdf', 'image/png'))).toBe(false);
    expect(isImageFile(file('noext', ''))).toBe(false);
  });

  it('reads extensions', () => {
    expect(fileExtension('a.b.TXT')).toBe('txt');
    expect(fileExtension('.hidden')).toBe('');
    expect(fileExtension('dir.d/file')).toBe('');
  });
});

describe('fileSizeMb', () => {
  it('is the size in MB of 1024 × 1024 bytes', () => {
    expect(fileSizeMb(1024 * 1024)).toBe(1);
    expect(fileSizeMb(file('a.png', 'image/png', 512 * 1024))).toBe(0.5);
    expect(fileSizeMb(0)).toBe(0);
  });
});

describe('validateFileInput', () => {
  const input = (files: ReturnType<typeof file>[] | null, required = false, type = 'file') => ({
    type,
    required,
    files,
  });

  it('is invalid when required and nothing is chosen', () => {
    expect(validateFileInput(input([], true))).toEqual({ valid: false, error: 'required' });
    expect(validateFileInput(input(null, true))).toEqual({ valid: false, error: 'required' });
  });

  it('is valid when optional and nothing is chosen, or when a file is chosen', () => {
    expect(validateFileInput(input([], false)).valid).toBe(true);
    expect(validateFileInput(input([file('a.pdf', 'application/pdf')], true)).valid).toBe(true);
  });

  it('applies the image and size rules', () => {
    expect(validateFileInput(input([file('a.pdf', 'application/pdf')]), { imagesOnly: true }).error).toBe(
      'notImage',
    );
    const big = file('a.png', 'image/png', 3 * 1024 * 1024);
    expect(validateFileInput(input([big]), { maxSizeMb: 2 }).error).toBe('tooLarge');
    expect(validateFileInput(input([big]), { maxSizeMb: 3, imagesOnly: true }).valid).toBe(true);
  });

  it('warns when placed on a non-file input, and does not validate it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(validateFileInput(input([], true, 'text'))).toEqual({ valid: true, error: null });
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0][0]).toMatch(/non-file input/);
  });
});
