// Onboarding policy editor: the pieces each list's section is built of — the section card (title,
// Add, its error, the table of rows), a row's Remove cell and a file cell (current file and upload).
import { ActionIcon, Anchor, Button, Card, FileInput, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../ui/scroll-table';

export function Section({
  title,
  heads,
  error,
  addLabel,
  onAdd,
  children,
}: {
  title: string;
  heads: string[];
  error?: string;
  addLabel: string;
  onAdd: () => void;
  children: ReactNode[];
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {title}
          </Title>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onAdd}>
            {addLabel}
          </Button>
        </Group>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        {children.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('onboarding-policies.none')}
          </Text>
        ) : (
          <ScrollTable label={title} minWidth={720}>
            <Table verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  {heads.map((h, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: fixed column headings
                    <Table.Th key={i}>{h}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{children}</Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
    </Card>
  );
}

export function RemoveCell({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Table.Td w={48}>
      <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onRemove}>
        <IconTrash size={16} />
      </ActionIcon>
    </Table.Td>
  );
}

export function FileCell({
  current,
  href,
  file,
  onChange,
  error,
}: {
  current: string | null;
  href: string | null;
  file: File | null;
  onChange: (f: File | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      {current && !file && (
        <Text size="xs">
          {href ? (
            <Anchor href={href} target="_blank" rel="noopener">
              {current}
            </Anchor>
          ) : (
            current
          )}
        </Text>
      )}
      <FileInput
        aria-label={t('onboarding-policies.upload')}
        placeholder={current ? t('onboarding-policies.replace') : t('onboarding-policies.upload')}
        accept="image/gif,image/jpeg,image/png,application/pdf"
        value={file}
        onChange={onChange}
        clearable
        size="xs"
        error={error}
      />
    </Stack>
  );
}
