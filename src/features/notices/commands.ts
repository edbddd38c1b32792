// Offline command of legal notices (registered at start from src/app/commands.ts):
// - legalNotice.acknowledge: PUT legal-notices/{id}/acknowledge/{contentId}. Acknowledging twice is a
//   no-op on the server, and the Idempotency-Key makes a replay return the first answer; a content that
//   changed meanwhile is a 409 kept on Pending changes (the new content is then shown again).
import { z } from 'zod';
import { registerCommand } from '../../offline/commands';
import { makeEntityKey } from '../../offline/temp-ids';
import { NOTICE_ACK_ENTITY } from './ack-entity';

export { NOTICE_ACK_ENTITY };

export const AcknowledgeNoticeArgs = z.object({
  LegalNoticeID: z.number().int().positive(),
  LegalNoticeContentID: z.number().int().positive(),
});
export type AcknowledgeNoticeArgs = z.infer<typeof AcknowledgeNoticeArgs>;

export const acknowledgeNotice = registerCommand({
  name: 'legalNotice.acknowledge',
  args: AcknowledgeNoticeArgs,
  toRequest: (a) => ({
    method: 'PUT',
    path: `legal-notices/${a.LegalNoticeID}/acknowledge/${a.LegalNoticeContentID}`,
    // An empty JSON object: a JSON request with no body at all is refused by the server.
    body: {},
    entityKey: makeEntityKey(NOTICE_ACK_ENTITY, a.LegalNoticeContentID),
  }),
  draft: (a) => ({ entity: NOTICE_ACK_ENTITY, localId: a.LegalNoticeContentID, data: { ...a } }),
  onAck: (_a, body) => ({ data: body }),
});
