// The permissions of a role as a searchable checklist, grouped by module (each group can be checked
// or cleared at once).
import { Badge, Checkbox, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionDescription } from '../../contract/permissions';
import { moduleName } from './shared';

export function PermissionChecklist({
  catalogue,
  selected,
  onChange,
  disabled,
}: {
  catalogue: readonly PermissionDescription[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const matching = catalogue.filter(
    (p) => needle === '' || p.Key.toLowerCase().includes(needle) || p.Name.toLowerCase().includes(needle),
  );
  const groups = new Map<number | null, PermissionDescription[]>();
  for (const p of matching) groups.set(p.ModuleID, [...(groups.get(p.ModuleID) ?? []), p]);
  const ordered = [...groups.entries()].sort(([a], [b]) => (a ?? 0) - (b ?? 0));
  const toggle = (keys: string[], on: boolean) => {
    const next = new Set(selected);
    for (const k of keys) on ? next.add(k) : next.delete(k);
    onChange(next);
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('access.roles.searchPermissions')}
          leftSection={<IconSearch size={14} />}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Badge variant="light">{t('access.roles.selectedCount', { count: selected.size })}</Badge>
      </Group>
      <ScrollArea.Autosize mah={360} type="auto" tabIndex={0} aria-label={t('access.roles.permissions')}>
        <Stack gap="sm" pr="sm">
          {ordered.length === 0 && (
            <Text c="dimmed" size="sm">
              {t('access.roles.noPermissionMatch')}
            </Text>
          )}
          {ordered.map(([moduleId, items]) => {
            const keys = items.map((p) => p.Key);
            const on = keys.filter((k) => selected.has(k)).length;
            return (
              <Stack key={moduleId ?? 0} gap={4}>
                <Checkbox
                  label={<Text fw={600}>{moduleName(t, moduleId)}</Text>}
                  checked={on === keys.length}
                  indeterminate={on > 0 && on < keys.length}
                  onChange={(e) => toggle(keys, e.currentTarget.checked)}
                  disabled={disabled}
                />
                <Stack gap={4} pl="lg">
                  {items.map((p) => (
                    <Checkbox
                      key={p.Key}
                      label={p.Name}
                      description={p.Key}
                      checked={selected.has(p.Key)}
                      onChange={(e) => toggle([p.Key], e.currentTarget.checked)}
                      disabled={disabled}
                    />
                  ))}
                </Stack>
              </Stack>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
