// Draft entity of an acknowledgement (keyed by LegalNoticeContentID). Plain data: the notice gate of
// the first screen reads the drafts without loading the command (src/features/notices/commands.ts).
export const NOTICE_ACK_ENTITY = 'legalNoticeAck';
