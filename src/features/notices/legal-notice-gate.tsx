// The legal notices the user must acknowledge, shown full screen over everything else after sign-in
// until each is acknowledged. The acknowledgement is an offline command: once queued on this device
// the notice is not shown again here, and the sync engine delivers it when the device is online.
// This part only asks whether a notice is waiting; the full-screen dialog (Mantine's modal, focus
// trap, scroll area) is a chunk of its own, loaded only then, so it never weighs on the first screen.
import { notifications } from '@mantine/notifications';
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncEngine } from '../../app/app-context';
import { listDrafts } from '../../offline/db';
import { usePendingNotices } from './api';
import { acknowledgeNotice, NOTICE_ACK_ENTITY } from './commands';

const LegalNoticeDialog = lazy(() => import('./legal-notice-dialog'));

export default function LegalNoticeGate({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const pending = usePendingNotices(userId);
  const drafts = useLiveQuery(() => listDrafts(userId, NOTICE_ACK_ENTITY), [userId]);
  const engine = useSyncEngine();
  const [busy, setBusy] = useState(false);

  if (!pending.data || drafts === undefined) return null;
  const acknowledgedHere = new Set(drafts.map((d) => Number(d.localId)));
  const open = pending.data.data.filter((n) => !acknowledgedHere.has(n.CurrentContentID));
  const notice = open[0];
  if (!notice) return null;

  async function acknowledge() {
    if (!notice) return;
    setBusy(true);
    try {
      await acknowledgeNotice.enqueue(userId, {
        LegalNoticeID: notice.LegalNoticeID,
        LegalNoticeContentID: notice.CurrentContentID,
      });
      void engine?.syncNow();
    } catch (err) {
      notifications.show({
        color: 'red',
        title: t('notices.gate.failed'),
        message: err instanceof Error ? err.message : String(err),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Suspense fallback={null}>
      <LegalNoticeDialog
        notice={notice}
        total={open.length}
        busy={busy}
        onAcknowledge={() => void acknowledge()}
      />
    </Suspense>
  );
}
