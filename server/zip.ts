// The central directory of a ZIP archive, read from its bytes (uploads are held whole): where each
// entry's record and local header are. Nothing is inflated.

export interface ZipEntry {
  name: string;
  /** The entry's central directory record (46 bytes + name + extra + comment). */
  record: Uint8Array;
  /** Offset of the entry's local header. */
  local: number;
}

export interface ZipDirectory {
  entries: ZipEntry[];
  /** Offset of the central directory. */
  directory: number;
  /** Offset of the end-of-central-directory record. */
  end: number;
}

const CENTRAL = 0x02014b50;
const END = 0x06054b50;

/**
 * The archive's central directory, or null when the bytes are not a whole plain ZIP archive (no
 * end-of-central-directory record, a directory out of bounds, ZIP64).
 */
export function readZipDirectory(bytes: Uint8Array): ZipDirectory | null {
  if (bytes.length < 22) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is the last 22 bytes, followed by a comment of up to 65535 bytes.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === END && at + 22 + view.getUint16(at + 20, true) === bytes.length) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const directory = view.getUint32(end + 16, true);
  if (count === 0xffff || directory === 0xffffffff || directory + size > end) return null;
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  let at = directory;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL) return null;
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (next > end) return null;
    entries.push({
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      record: bytes.subarray(at, next),
      local: view.getUint32(at + 42, true),
    });
    at = next;
  }
  return { entries, directory, end };
}
