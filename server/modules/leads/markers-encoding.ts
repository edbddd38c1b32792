// How a kept map answer goes out: its ETag matched against If-None-Match, and its body compressed once
// per encoding the request accepts (br, then gzip).
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';

const COMPRESS_THRESHOLD = 1024;

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const want = bare(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === want);
}

export interface CachedAnswer {
  etag: string;
  json: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

export type MarkerReply =
  | { notModified: true; etag: string }
  | { notModified: false; etag: string; answer: CachedAnswer };

/** The body in the encoding the request accepts best (br, then gzip), compressed once and kept. */
export function encodedBody(
  answer: CachedAnswer,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  if (!acceptEncoding || answer.json.length < COMPRESS_THRESHOLD)
    return { body: answer.json, encoding: null };
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) {
    // Fast settings (an answer is compressed once, but a cold one on the request's time): brotli 1
    // and gzip 3 make marker JSON about as small as the defaults at a third of the time.
    answer.br ??= brotliCompressSync(answer.json, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 },
    });
    return { body: answer.br, encoding: 'br' };
  }
  if (ok('gzip')) {
    answer.gzip ??= gzipSync(answer.json, { level: 3 });
    return { body: answer.gzip, encoding: 'gzip' };
  }
  return { body: answer.json, encoding: null };
}
