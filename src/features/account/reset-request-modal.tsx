// The "forgot your password" dialog of the sign-in page, a chunk of its own: the dialog's parts
// (Modal, focus trap, scroll area, floating UI) load when it is first opened, not with the page.
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ResetRequestForm } from './reset-request-form';

export default function ResetRequestModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('account.reset.requestTitle')} centered>
      <ResetRequestForm onDone={onClose} />
    </Modal>
  );
}
