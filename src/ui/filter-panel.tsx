// The filters above a back-office list. From Mantine's `sm` breakpoint (48em, a tablet) up it is the
// bordered card of fields it always was; on a phone the fields would fill the whole first screen
// before a single row, so they fold into one "Filters" button that says how many are set
// ("Filters · 2") and opens them in place, with a "Clear filters" action. The list's search box, when
// it has one, stays in sight beside the button.
//
// Which one is drawn is read from the media query on the first render, like the ResponsiveTable (no
// flash of the other layout).
import { Box, Button, Card, Group, Stack } from '@mantine/core';
import { IconChevronDown, IconFilter } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Layout, useTableLayout } from './responsive-table';

/** How many of a list's filters are set: values neither empty, null, undefined nor false. */
export function countSet(values: readonly unknown[]): number {
  return values.filter((v) => v !== null && v !== undefined && v !== '' && v !== false).length;
}

export interface FilterPanelProps {
  /** The filter fields (Selects, date inputs…), each with its label. */
  children: ReactNode;
  /** How many filters are set (the search not counted); `countSet` counts them. */
  count: number;
  /** Empties every filter (not the search). */
  onClear: () => void;
  /** The list's search box: first in the card, and above the button on a phone. */
  search?: ReactNode;
  /** The wide card also shows "Clear filters" while a filter is set (the lists that always had it). */
  clearOnWide?: boolean;
  /** Test id of the panel (the card, or the phone's button and fields). */
  testId?: string;
  /** Forces a layout (the default follows the screen's width). */
  layout?: Layout;
}

export function FilterPanel({
  children,
  count,
  onClear,
  search,
  clearOnWide,
  testId,
  layout: forced,
}: FilterPanelProps) {
  const { t } = useTranslation();
  const layout = useTableLayout(forced);
  const [open, setOpen] = useState(false);
  const id = useId();

  const clear = (
    <Button variant="subtle" onClick={onClear} data-testid="filters-clear">
      {t('ui.filters.clear')}
    </Button>
  );

  if (layout === 'table')
    return (
      <Card withBorder padding="sm" data-testid={testId}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          {search}
          {children}
          {clearOnWide && count > 0 && clear}
        </Group>
      </Card>
    );

  return (
    <Stack gap="xs" data-testid={testId}>
      <Group gap="sm" align="flex-end" wrap="nowrap">
        {search && (
          <Box flex={1} miw={0}>
            {search}
          </Box>
        )}
        <Button
          variant={count > 0 ? 'light' : 'default'}
          leftSection={<IconFilter size={16} aria-hidden />}
          rightSection={
            <IconChevronDown
              size={16}
              aria-hidden
              style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
            />
          }
          aria-expanded={open}
          aria-controls={open ? id : undefined}
          onClick={() => setOpen(!open)}
          style={{ flexShrink: 0 }}
          data-testid="filters-toggle"
        >
          {count > 0 ? t('ui.filters.buttonCount', { count }) : t('ui.filters.button')}
        </Button>
      </Group>
      {open && (
        <Card withBorder padding="sm" id={id} role="group" aria-label={t('ui.filters.fields')}>
          <Group gap="sm" align="flex-end" wrap="wrap">
            {children}
          </Group>
          {count > 0 && (
            <Group justify="flex-end" mt="xs">
              {clear}
            </Group>
          )}
        </Card>
      )}
    </Stack>
  );
}
