// The legal notices the user must acknowledge, shown full screen over everything else after sign-in
// until each is acknowledged. The acknowledgement is an offline command: once queued on this device
// the notice is not shown again here, and the sync engine delivers it when the device is online.
// This part only asks whether a notice is waiting; the full-screen dialog (Mantine's modal, focus
// trap, scroll area) is a chunk of its own, loaded only then, so it never weighs on the first screen.
// The acknowledgement's command (offline store, schemas) loads only when the user acknowledges.
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncEngine } from '../../app/app-context';
import { offlineStoreNow } from '../../offline/store';
import { useDrafts } from '../../offline/use-drafts';
import { lazyWithTheme } from '../../ui/mantine-provider';
import { notify } from '../../ui/notify';
import { NOTICE_ACK_ENTITY } from './ack-entity';
import { usePendingNotices } from './api';

const LegalNoticeDialog = lazyWithTheme(() => import('./legal-notice-dialog'));

export default function LegalNoticeGate({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const pending = usePendingNotices(userId);
  const drafts = useDrafts(userId, NOTICE_ACK_ENTITY);
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
      const [{ acknowledgeNotice }] = await Promise.all([import('./commands'), offlineStoreNow()]);
      await acknowledgeNotice.enqueue(userId, {
        LegalNoticeID: notice.LegalNoticeID,
        LegalNoticeContentID: notice.CurrentContentID,
      });
      void engine?.syncNow();
    } catch (err) {
      void notify({
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
