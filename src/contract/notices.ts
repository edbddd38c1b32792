// Legal notices, bulletins, message types and messages (spec 001 §3, §7); shared by the server and the PWA.
// A legal notice has content versions: changing its text makes a new content that everyone in its
// audience must acknowledge again. A bulletin is delivered once to each employee of its audience.
import { z } from 'zod';
import { Int32 } from './common';

export const NOTICES_MANAGE = 'notices:manage';
export const BULLETINS_MANAGE = 'bulletins:manage';
export const MESSAGES_SEND = 'messages:send';

const text = (max: number) => z.string().trim().min(1, 'Required').max(max, `Use at most ${max} characters`);

export const LegalNoticeAudienceType = z.enum(['All', 'Employees']);
export type LegalNoticeAudienceType = z.infer<typeof LegalNoticeAudienceType>;

export const LegalNotice = z.object({
  LegalNoticeID: Int32,
  Title: z.string(),
  AudienceType: LegalNoticeAudienceType,
  AudienceIDs: z.array(Int32),
  IsActive: z.boolean(),
  /** The content everyone must have acknowledged. */
  CurrentContentID: Int32,
  Body: z.string(),
  ContentCreatedAt: z.string(),
  /** How many content versions there have been (1 = never changed). */
  ContentVersions: Int32,
  /** Whether the caller acknowledged the current content (and when). */
  Acknowledged: z.boolean(),
  AcknowledgedAt: z.string().nullable(),
  /** With notices:manage: how many acknowledged the current content. */
  AcknowledgedCount: Int32.nullable(),
  Version: Int32,
});
export type LegalNotice = z.infer<typeof LegalNotice>;

export const LegalNoticeQuery = z.object({
  /** Only the notices the caller still has to acknowledge. */
  pending: z.enum(['true', 'false']).optional(),
});

const audienceRefine = <T extends { AudienceType: string; AudienceIDs: number[] }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.AudienceType !== 'All' && v.AudienceIDs.length === 0)
    ctx.addIssue({ code: 'custom', path: ['AudienceIDs'], message: 'Choose at least one' });
};

export const LegalNoticeSave = z
  .object({
    Title: text(200),
    Body: text(20000),
    AudienceType: LegalNoticeAudienceType.default('All'),
    AudienceIDs: z.array(Int32.positive()).max(5000).default([]),
    IsActive: z.boolean().default(true),
  })
  .superRefine(audienceRefine);
export type LegalNoticeSave = z.infer<typeof LegalNoticeSave>;

export const LegalNoticeUpdate = z
  .object({
    Title: text(200),
    Body: text(20000),
    AudienceType: LegalNoticeAudienceType.default('All'),
    AudienceIDs: z.array(Int32.positive()).max(5000).default([]),
    IsActive: z.boolean().default(true),
    Version: Int32,
  })
  .superRefine(audienceRefine);
export type LegalNoticeUpdate = z.infer<typeof LegalNoticeUpdate>;

export const LegalNoticeAcknowledgement = z.object({
  LegalNoticeID: Int32,
  LegalNoticeContentID: Int32,
  AcknowledgedAt: z.string(),
});
export type LegalNoticeAcknowledgement = z.infer<typeof LegalNoticeAcknowledgement>;

export const MessageTypeInfo = z.object({ Key: z.string(), Name: z.string() });
export type MessageTypeInfo = z.infer<typeof MessageTypeInfo>;

/** Who receives a bulletin: everyone, the employees of corporations, offices, divisions or roles. */
export const BulletinAudienceType = z.enum(['All', 'Corporation', 'Offices', 'Divisions', 'Roles']);
export type BulletinAudienceType = z.infer<typeof BulletinAudienceType>;

export const Bulletin = z.object({
  BulletinID: Int32,
  Subject: z.string(),
  Body: z.string(),
  AudienceType: BulletinAudienceType,
  AudienceIDs: z.array(Int32),
  CreatedByName: z.string().nullable(),
  CreatedAt: z.string(),
  LastDeliveredAt: z.string().nullable(),
  DeliveredCount: Int32,
  ReadCount: Int32,
  AcknowledgedCount: Int32,
  Version: Int32,
});
export type Bulletin = z.infer<typeof Bulletin>;

export const BulletinSave = z
  .object({
    Subject: text(200),
    Body: text(20000),
    AudienceType: BulletinAudienceType,
    AudienceIDs: z.array(Int32.positive()).max(1000).default([]),
  })
  .superRefine(audienceRefine);
export type BulletinSave = z.infer<typeof BulletinSave>;

export const BulletinUpdate = z
  .object({
    Subject: text(200),
    Body: text(20000),
    AudienceType: BulletinAudienceType,
    AudienceIDs: z.array(Int32.positive()).max(1000).default([]),
    Version: Int32,
  })
  .superRefine(audienceRefine);
export type BulletinUpdate = z.infer<typeof BulletinUpdate>;

export const BulletinInboxItem = z.object({
  BulletinID: Int32,
  Subject: z.string(),
  Body: z.string(),
  DeliveredAt: z.string(),
  ReadAt: z.string().nullable(),
  AcknowledgedAt: z.string().nullable(),
});
export type BulletinInboxItem = z.infer<typeof BulletinInboxItem>;

export const BulletinDelivery = z.object({
  BulletinID: Int32,
  /** Employees who received it now (0 on a second delivery to the same audience). */
  Delivered: Int32,
  DeliveredCount: Int32,
});
export type BulletinDelivery = z.infer<typeof BulletinDelivery>;

export const BulletinAcknowledgeQuery = z.object({
  sendEmailCopy: z.enum(['true', 'false']).default('false'),
});

export const MessageSend = z.object({
  MessageType: z.string().min(1, 'Required'),
  EmployeeIDs: z.array(Int32.positive()).min(1, 'Choose at least one').max(1000),
  Subject: text(200),
  Body: text(20000),
});
export type MessageSend = z.infer<typeof MessageSend>;

export const MessageResult = z.object({
  /** Mails queued (employees with an e-mail address). */
  Queued: Int32,
  /** Employees without an e-mail address. */
  Skipped: z.array(Int32),
});
export type MessageResult = z.infer<typeof MessageResult>;

/** One bulletin as its recipient or a manager reads it: with the caller's own delivery, if any. */
export const BulletinView = Bulletin.extend({
  Delivery: z
    .object({ DeliveredAt: z.string(), ReadAt: z.string().nullable(), AcknowledgedAt: z.string().nullable() })
    .nullable(),
});
export type BulletinView = z.infer<typeof BulletinView>;

export const BulletinAcknowledgement = BulletinInboxItem.extend({ EmailCopyQueued: z.boolean() });
export type BulletinAcknowledgement = z.infer<typeof BulletinAcknowledgement>;
