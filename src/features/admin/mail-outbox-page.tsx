import { Badge, Button, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/date-display';
import { ListFooter } from '../../ui/list-footer';
import { noItems, QueryView } from '../../ui/query-view';
import { ScrollTable } from '../../ui/scroll-table';
import { type MailItem, useMailOutbox } from './get-mail-outbox';

const PAGE_SIZE = 20;

export default function MailOutboxPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<MailItem | null>(null);
  const query = useMailOutbox(page - 1, PAGE_SIZE);
  const format = (d: Date) => formatDateTime(d);

  return (
    <Stack maw={1100}>
      <Title order={1} size="h2">
        {t('admin.mail.title')}
      </Title>
      <Text c="dimmed">{t('admin.mail.subtitle')}</Text>
      <QueryView
        query={query}
        errorTitle={t('admin.mail.loadFailed')}
        empty={t('admin.mail.empty')}
        isEmpty={noItems}
      >
        {(data) => (
          <>
            <ScrollTable label={t('admin.mail.title')} minWidth={640}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('admin.mail.created')}</Table.Th>
                    <Table.Th>{t('admin.mail.to')}</Table.Th>
                    <Table.Th>{t('admin.mail.subject')}</Table.Th>
                    <Table.Th>{t('admin.mail.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.Items.map((m) => (
                    <Table.Tr key={m.MailID} onClick={() => setOpen(m)} style={{ cursor: 'pointer' }}>
                      <Table.Td>{format(m.CreatedAt)}</Table.Td>
                      <Table.Td>{m.To}</Table.Td>
                      <Table.Td>
                        <Button variant="subtle" size="compact-sm" onClick={() => setOpen(m)}>
                          {m.Subject}
                        </Button>
                      </Table.Td>
                      <Table.Td>
                        {m.SentAt ? (
                          <Badge color="green">{t('admin.mail.sent')}</Badge>
                        ) : m.Error ? (
                          <Badge color="red">{t('admin.mail.failed')}</Badge>
                        ) : (
                          <Badge color="gray">{t('admin.mail.queued')}</Badge>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <ListFooter
              label={t('admin.mail.count', { count: data.TotalCount })}
              totalCount={data.TotalCount}
              pageSize={PAGE_SIZE}
              page={page}
              onPageChange={setPage}
            />
          </>
        )}
      </QueryView>
      <Modal opened={!!open} onClose={() => setOpen(null)} title={open?.Subject} size="lg">
        {open && (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('admin.mail.to')}: {open.To}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{open.Body}</Text>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
