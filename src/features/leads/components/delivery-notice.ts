// What the rep is told after a knock or a new lead: the truth about where the change is. Offline it is
// saved on the phone and sent later; online the engine sends it at once and the notice says "sent"
// once the server has acknowledged it (or "saved on this phone" when that did not happen in time).
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import type { SyncEngine } from '../../../offline/sync-engine';
import { type Delivery, delivery } from '../lead-actions';

export interface DeliveryWords {
  /** Online, while the change is being sent. */
  sending: string;
  /** The server acknowledged it. */
  sent: string;
  /** Still on the device (offline, or not acknowledged yet). */
  queued: string;
}

export async function announceDelivery(
  rowId: string,
  engine: Pick<SyncEngine, 'syncNow' | 'getStatus'> | null,
  t: TFunction,
  words: DeliveryWords,
): Promise<Delivery> {
  const id = `delivery-${rowId}`;
  if (!engine?.getStatus().online) {
    notifications.show({ id, color: 'yellow', message: t(words.queued) });
    return 'queued';
  }
  notifications.show({
    id,
    loading: true,
    message: t(words.sending),
    autoClose: false,
    withCloseButton: false,
  });
  const outcome = await delivery(rowId, engine);
  notifications.update({
    id,
    loading: false,
    color: outcome === 'sent' ? 'green' : 'yellow',
    message: t(outcome === 'sent' ? words.sent : words.queued),
    autoClose: 4000,
    withCloseButton: true,
  });
  return outcome;
}
