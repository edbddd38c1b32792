// Uploaded onboarding files (application documents, a document group's requirements file, a
// document's blank form): recognised by their content (GIF, JPEG, PNG or PDF; spec 002 §5, §9), at
// most 5 MB, kept in the database (so every server instance serves them) under a generated name;
// the client's name is kept apart, cleaned. Served with their content type and an attachment
// Content-Disposition, never guessed by the browser (nosniff is set by helmet).
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  MAX_ONBOARDING_FILE_BYTES,
  ONBOARDING_FILE_TYPES,
  ONBOARDING_MESSAGES,
} from '../../../src/contract/onboarding';
import { AppError, badRequest } from '../../errors';
import { cleanFileName } from '../../uploads';
import { sniffContentType } from '../bank/direct-deposit-service';

export interface UploadedPart {
  field: string;
  fileName: string;
  data: Buffer;
  truncated: boolean;
}

export interface CheckedFile {
  field: string;
  fileName: string;
  originalName: string;
  contentType: string;
  data: Buffer;
}

const EXTENSIONS: Record<string, string> = {
  'image/gif': 'gif',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

/** 413 past the size limit, 415 when the content is not an accepted kind; named by its form field. */
export function checkUpload(part: UploadedPart, prefix = 'document'): CheckedFile {
  if (part.truncated || part.data.length > MAX_ONBOARDING_FILE_BYTES)
    throw new AppError(413, ONBOARDING_MESSAGES.fileTooLarge, {
      Errors: { [part.field]: [ONBOARDING_MESSAGES.fileTooLarge] },
    });
  const type = sniffContentType(part.data);
  if (!type || !(ONBOARDING_FILE_TYPES as readonly string[]).includes(type))
    throw new AppError(415, ONBOARDING_MESSAGES.fileType, {
      Errors: { [part.field]: [ONBOARDING_MESSAGES.fileType] },
    });
  return {
    field: part.field,
    fileName: `${prefix}-${randomUUID()}.${EXTENSIONS[type]}`,
    originalName: cleanFileName(part.fileName),
    contentType: type,
    data: part.data,
  };
}

/**
 * A form that is JSON (the body) or multipart: the JSON in the field `jsonField` and files. Answers
 * the parsed JSON (unchecked) and the file parts.
 */
export async function readForm(
  request: FastifyRequest,
  jsonField: string,
): Promise<{ json: unknown; files: UploadedPart[] }> {
  if (!request.isMultipart()) return { json: request.body ?? {}, files: [] };
  let json: unknown = {};
  const files: UploadedPart[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (data.length === 0) continue;
      files.push({ field: part.fieldname, fileName: part.filename, data, truncated: part.file.truncated });
    } else if (part.fieldname === jsonField && typeof part.value === 'string') {
      try {
        json = JSON.parse(part.value);
      } catch {
        throw badRequest(`The field ${jsonField} is not valid JSON.`, { [jsonField]: ['Not valid JSON'] });
      }
    }
  }
  return { json, files };
}

export function sendFile(
  reply: FastifyReply,
  file: { name: string; contentType: string; data: Buffer },
): FastifyReply {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', `attachment; filename="${file.name.replace(/["\\]/g, '_')}"`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(file.data);
}
