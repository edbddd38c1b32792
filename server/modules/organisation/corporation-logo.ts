// A corporation's logo: read, replace (an image checked by its first bytes and size), delete.
import { eq, sql } from 'drizzle-orm';
import { type Corporation, LOGO_MAX_BYTES } from '../../../src/contract/organisation';
import type { Db } from '../../db/client';
import { corporations } from '../../db/tables';
import type { Actor } from '../access/service';
import { getCorporation } from './corporations-service';
import { fieldError, forbidden, notFound, orgScopeOf } from './scope';

/** The image type by its first bytes (gif, jpeg or png), or null. */
export function imageTypeOf(bytes: Buffer): string | null {
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  return null;
}

export async function getLogo(p: { db: Db; actor: Actor; id: number }) {
  await getCorporation(p);
  const [row] = await p.db
    .select({
      Logo: corporations.Logo,
      Type: corporations.LogoContentType,
      Name: corporations.LogoFileName,
      Version: corporations.Version,
    })
    .from(corporations)
    .where(eq(corporations.IcdCorporationID, p.id));
  if (!row?.Logo) throw notFound('The logo');
  return row;
}

export async function putLogo(p: {
  db: Db;
  actor: Actor;
  id: number;
  bytes: Buffer;
  declaredType: string;
  fileName: string | null;
}): Promise<Corporation> {
  const scope = await orgScopeOf(p.db, p.actor);
  const current = await getCorporation({ db: p.db, actor: p.actor, id: p.id, scope });
  if (!current.Access.CanUpdate) throw forbidden();
  if (p.bytes.length === 0) throw fieldError('logo', 'Choose an image', 'The logo is empty.');
  if (p.bytes.length > LOGO_MAX_BYTES)
    throw fieldError('logo', 'At most 1 MB', 'The logo is larger than 1 MB.');
  const type = imageTypeOf(p.bytes);
  const declared = p.declaredType.split(';')[0].trim().toLowerCase();
  if (
    !type ||
    (declared !== 'application/octet-stream' &&
      declared !== type &&
      !(declared === 'image/jpg' && type === 'image/jpeg'))
  )
    throw fieldError('logo', 'Use a gif, jpeg or png image', 'The logo is not a gif, jpeg or png image.');
  await p.db
    .update(corporations)
    .set({
      Logo: p.bytes,
      LogoContentType: type,
      LogoFileName: p.fileName,
      UpdatedAt: new Date(),
      Version: sql`${corporations.Version} + 1`,
    })
    .where(eq(corporations.IcdCorporationID, p.id));
  return getCorporation({ db: p.db, actor: p.actor, id: p.id, scope });
}

export async function deleteLogo(p: { db: Db; actor: Actor; id: number }): Promise<void> {
  const scope = await orgScopeOf(p.db, p.actor);
  const current = await getCorporation({ db: p.db, actor: p.actor, id: p.id, scope });
  if (!current.Access.CanUpdate) throw forbidden();
  await p.db
    .update(corporations)
    .set({ Logo: null, LogoContentType: null, LogoFileName: null, Version: sql`${corporations.Version} + 1` })
    .where(eq(corporations.IcdCorporationID, p.id));
}
