// The payroll list's messages: pending and submitted payrolls, each until the caller dismisses it.
import { Alert, Button, CloseButton, Group, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/errors';
import type { PayrollListItem } from '../../../contract/payroll';
import { useTableLayout } from '../../../ui/responsive-table';
import { useDismiss } from '../api/payrolls';
import { formatWindow } from './format';

/** Pending messages first; beyond these a button shows the others. */
const MESSAGES_SHOWN = 3;

/**
 * Pending and submitted payrolls announce themselves until the caller dismisses the message: the
 * first three, then a button that shows the others. On a phone they fold into one button saying how
 * many there are (aria-expanded), so the list starts on the first screen; it opens them in place.
 */
export function Messages({ items }: { items: PayrollListItem[] }) {
  const { t } = useTranslation();
  const dismiss = useDismiss();
  const phone = useTableLayout() === 'cards';
  const [opened, setOpened] = useState(false);
  const [all, setAll] = useState(false);
  const listId = useId();
  const messages = items.flatMap((p) => {
    const out: { kind: 'pending' | 'submitted'; payroll: PayrollListItem }[] = [];
    if (p.IsPending && !p.PendingDismissed) out.push({ kind: 'pending', payroll: p });
    if (p.IsLocked && !p.SubmittedDismissed) out.push({ kind: 'submitted', payroll: p });
    return out;
  });
  messages.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'pending' ? -1 : 1));
  if (messages.length === 0 && !dismiss.isError) return null;
  const notShown = all ? 0 : Math.max(0, messages.length - MESSAGES_SHOWN);
  return (
    <Stack gap={6} data-testid="payroll-messages">
      {dismiss.isError && (
        <Alert color="red" title={t('payroll.messages.dismissFailed')}>
          {errorMessage(dismiss.error)}
        </Alert>
      )}
      {phone && messages.length > 0 && (
        <Button
          variant="light"
          justify="space-between"
          fullWidth
          rightSection={opened ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
          aria-expanded={opened}
          aria-controls={listId}
          onClick={() => setOpened(!opened)}
          data-testid="payroll-messages-toggle"
        >
          {t('payroll.messages.summary', { count: messages.length })}
        </Button>
      )}
      {/* Folded: out of the page, of the tab order and of the accessibility tree (Stack's flex beats `hidden`). */}
      <Stack gap={6} id={listId} hidden={phone && !opened} display={phone && !opened ? 'none' : undefined}>
        {messages.slice(0, messages.length - notShown).map(({ kind, payroll: p }) => (
          <Alert
            key={`${kind}-${p.PayrollID}`}
            color={kind === 'pending' ? 'yellow' : 'blue'}
            variant="light"
            py={6}
            data-testid={`payroll-message-${kind}`}
            data-payroll-id={p.PayrollID}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">
                <Text span component={Link} to={`/payroll/${p.PayrollID}`} fw={500} size="sm">
                  {t(`payroll.messages.${kind}`, {
                    name: p.ClientName,
                    window: formatWindow(p.StartDate, p.EndDate),
                  })}
                </Text>
              </Text>
              <CloseButton
                size="sm"
                aria-label={t('payroll.messages.dismiss')}
                disabled={dismiss.isPending}
                onClick={() => dismiss.mutate({ kind, id: p.PayrollID })}
              />
            </Group>
          </Alert>
        ))}
        {notShown > 0 && (
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setAll(true)}
              data-testid="payroll-messages-more"
            >
              {t('payroll.messages.showMore', { count: notShown })}
            </Button>
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
