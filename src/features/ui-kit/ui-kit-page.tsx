// UI kit page: every shared widget of src/ui, live with sample data. Mounted by the router at
// /admin/ui-kit. Each section has an id (kit-…) and a heading so tests and people can find it.
import { Badge, Code, Container, Group, Paper, SimpleGrid, Slider, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CheckboxListItem, checkboxListHiddenFields, createCheckboxList } from '../../lib/checkbox-list';
import type { MaskResult } from '../../lib/mask';
import type { TriState } from '../../lib/tri-state';
import { ActivityStepper } from '../../ui/activity-stepper';
import { AddressSnippet } from '../../ui/address-snippet';
import { Carousel } from '../../ui/carousel';
import { CheckboxList } from '../../ui/checkbox-list';
import { DataGrid, type DataGridRow } from '../../ui/data-grid';
import { FileInput } from '../../ui/file-input';
import { HueSwatch } from '../../ui/hue-swatch';
import { MaskedInput } from '../../ui/masked-input';
import { RelativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import { StandbyInput } from '../../ui/standby-input';
import { Sticky } from '../../ui/sticky';
import { TriStateCheckbox } from '../../ui/tri-state-checkbox';
import { VirtualList } from '../../ui/virtual-list';
import {
  SAMPLE_ADDRESSES,
  SAMPLE_GRID_COLUMNS,
  SAMPLE_GRID_ROWS,
  SAMPLE_HUES,
  SAMPLE_LEADS,
  SAMPLE_MODULES_CANDIDATES,
  SAMPLE_MODULES_SAVED,
  SAMPLE_OFFICES,
  SAMPLE_STEPS,
} from './sample-data';

interface KitSectionProps {
  id: string;
  title: string;
  children: ReactNode;
}

function KitSection({ id, title, children }: KitSectionProps) {
  return (
    <Paper component="section" id={id} aria-labelledby={`${id}-title`} withBorder p="md" radius="md" miw={0}>
      <Title order={2} id={`${id}-title`} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function MaskedInputDemo() {
  const { t } = useTranslation();
  const [phone, setPhone] = useState<MaskResult | null>(null);
  return (
    <Stack gap="sm">
      <MaskedInput label={t('ui.kit.labels.phone')} mask="(000) 000-0000" name="phone" onChange={setPhone} />
      <Group gap="xs" data-testid="kit-masked-input-value">
        <Text size="sm" c="dimmed">
          {t('ui.kit.labels.value', { value: phone?.unmasked ?? '' })}
        </Text>
        {phone && !phone.empty && (
          <Badge size="sm" color={phone.complete ? 'teal' : 'orange'} variant="light">
            {phone.complete ? t('ui.kit.labels.complete') : t('ui.kit.labels.incomplete')}
          </Badge>
        )}
      </Group>
      <MaskedInput label={t('ui.kit.labels.postalCode')} mask="L0L 0L0" name="postalCode" />
    </Stack>
  );
}

function CheckboxListDemo() {
  const { t } = useTranslation();
  const [items, setItems] = useState<CheckboxListItem[]>(() =>
    createCheckboxList(SAMPLE_MODULES_SAVED, SAMPLE_MODULES_CANDIDATES),
  );
  const fields = checkboxListHiddenFields('Modules', items);
  return (
    <Stack gap="sm">
      <CheckboxList name="Modules" label={t('ui.kit.labels.modules')} items={items} onChange={setItems} />
      <Text size="xs" fw={500}>
        {t('ui.kit.labels.hiddenFields')}
      </Text>
      <Code block fz="xs">
        {fields.map((field) => `${field.name}=${field.value}`).join('\n')}
      </Code>
    </Stack>
  );
}

function RelativeTimeDemo() {
  const [now] = useState(() => Date.now());
  const ages = [20_000, 5 * 60_000, 2 * 3_600_000, 3 * 86_400_000];
  return (
    <Stack gap={4}>
      {ages.map((age) => (
        <Text key={age} size="sm">
          <RelativeTime date={now - age} />
        </Text>
      ))}
    </Stack>
  );
}

function HueDemo() {
  const { t } = useTranslation();
  const [hue, setHue] = useState(200);
  return (
    <Stack gap="sm">
      <Group gap="xs">
        {SAMPLE_HUES.map((sample) => (
          <HueSwatch key={sample.hue} hue={sample.hue} label={sample.label} />
        ))}
      </Group>
      <Text size="sm" id="kit-hue-slider-label">
        {t('ui.kit.labels.hue')}
      </Text>
      <Slider
        min={0}
        max={359}
        value={hue}
        onChange={setHue}
        thumbProps={{ 'aria-labelledby': 'kit-hue-slider-label' }}
      />
      <Group>
        <HueSwatch hue={hue} />
      </Group>
    </Stack>
  );
}

const LINES = Array.from({ length: 24 }, (_, i) => i + 1);

function StickyDemo() {
  const { t } = useTranslation();
  const [stuck, setStuck] = useState(false);
  return (
    <Paper
      withBorder
      h={220}
      style={{ overflowY: 'auto' }}
      data-testid="kit-sticky-scroller"
      // Scrollable by keyboard: focusable, named by its section.
      role="group"
      aria-label={t('ui.kit.sections.sticky')}
      tabIndex={0}
    >
      <Text size="sm" p="sm">
        {t('ui.kit.labels.stickyHeader')}
      </Text>
      <Sticky onStuckChange={setStuck}>
        <Group justify="space-between" p="xs" bg="var(--mantine-color-body)">
          <Text size="sm" fw={600}>
            {t('ui.kit.sections.sticky')}
          </Text>
          <Badge size="sm" variant="light" color={stuck ? 'teal' : 'gray'}>
            {stuck ? t('ui.kit.labels.stuck') : t('ui.kit.labels.notStuck')}
          </Badge>
        </Group>
      </Sticky>
      <Stack gap={0} p="sm">
        {LINES.map((n) => (
          <Text key={n} size="sm" c="dimmed">
            {t('ui.kit.labels.line', { n })}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

function TriStateDemo() {
  const { t } = useTranslation();
  const [value, setValue] = useState<TriState>('indeterminate');
  return (
    <TriStateCheckbox label={t('ui.kit.labels.triState')} value={value} onChange={setValue} withStateText />
  );
}

function GridDemo() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<DataGridRow[]>(SAMPLE_GRID_ROWS);
  const columns = SAMPLE_GRID_COLUMNS.map(({ titleKey, ...column }) => ({ ...column, title: t(titleKey) }));
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('ui.grid.help')}
      </Text>
      <DataGrid
        label={t('ui.kit.labels.gridLabel')}
        columns={columns}
        rows={rows}
        onRowsChange={setRows}
        getRowKey={(row) => row.id}
      />
    </Stack>
  );
}

export default function UiKitPage() {
  const { t } = useTranslation();
  return (
    <Container size="xl" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Title order={1}>{t('ui.kit.title')}</Title>
      <Text c="dimmed" mb="lg">
        {t('ui.kit.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <KitSection id="kit-masked-input" title={t('ui.kit.sections.maskedInput')}>
          <MaskedInputDemo />
        </KitSection>
        <KitSection id="kit-stepper" title={t('ui.kit.sections.stepper')}>
          <ActivityStepper steps={SAMPLE_STEPS} headingOrder={3} />
        </KitSection>
        <KitSection id="kit-address" title={t('ui.kit.sections.address')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {SAMPLE_ADDRESSES.map(({ id, address }) => (
              <AddressSnippet key={id} address={address} />
            ))}
          </SimpleGrid>
          <Group mt="md" align="flex-start" grow>
            <AddressSnippet address={SAMPLE_ADDRESSES[0].address} withLabels />
            <AddressSnippet address={SAMPLE_ADDRESSES[1].address} withLabels />
          </Group>
        </KitSection>
        <KitSection id="kit-checkbox-list" title={t('ui.kit.sections.checkboxList')}>
          <CheckboxListDemo />
        </KitSection>
        <KitSection id="kit-tri-state" title={t('ui.kit.sections.triState')}>
          <TriStateDemo />
        </KitSection>
        <KitSection id="kit-relative-time" title={t('ui.kit.sections.relativeTime')}>
          <RelativeTimeDemo />
        </KitSection>
        <KitSection id="kit-hue" title={t('ui.kit.sections.hue')}>
          <HueDemo />
        </KitSection>
        <KitSection id="kit-sticky" title={t('ui.kit.sections.sticky')}>
          <StickyDemo />
        </KitSection>
        <KitSection id="kit-standby" title={t('ui.kit.sections.standby')}>
          <Stack gap="md">
            <StandbyInput label={t('ui.kit.labels.standby')} defaultValue="Toronto – King St" />
            <StandbyInput
              label={t('ui.kit.labels.standbyDisabled')}
              defaultValue="Payroll 2025-03"
              disabled
            />
          </Stack>
        </KitSection>
        <KitSection id="kit-file-input" title={t('ui.kit.sections.fileInput')}>
          <Stack gap="md">
            <FileInput label={t('ui.kit.labels.profileImage')} imagesOnly maxSizeMb={2} required />
            <FileInput label={t('ui.kit.labels.attachment')} multiple />
          </Stack>
        </KitSection>
        <KitSection id="kit-carousel" title={t('ui.kit.sections.carousel')}>
          <Carousel label={t('ui.kit.sections.carousel')}>
            {SAMPLE_OFFICES.map((office, i) => (
              <Paper key={office} withBorder p="md" miw={180} style={{ scrollSnapAlign: 'start' }}>
                <Text size="xs" c="dimmed">
                  {t('ui.kit.labels.slide', { n: i + 1 })}
                </Text>
                <Text fw={600}>{office}</Text>
              </Paper>
            ))}
          </Carousel>
        </KitSection>
        <KitSection id="kit-virtual-list" title={t('ui.kit.sections.virtualList')}>
          <VirtualList
            items={SAMPLE_LEADS}
            chunkSize={40}
            height={240}
            label={t('ui.kit.sections.virtualList')}
            getKey={(lead) => lead.id}
            renderItem={(lead) => (
              <Group
                justify="space-between"
                px="xs"
                py={6}
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              >
                <Text size="sm">{lead.name}</Text>
                <Text size="sm" c="dimmed">
                  {lead.city}
                </Text>
              </Group>
            )}
          />
        </KitSection>
        <KitSection id="kit-spinner" title={t('ui.kit.sections.spinner')}>
          <Group>
            <Spinner withLabel />
            <Spinner size="sm" />
          </Group>
        </KitSection>
      </SimpleGrid>
      <Stack mt="md">
        <KitSection id="kit-grid" title={t('ui.kit.sections.grid')}>
          <GridDemo />
        </KitSection>
      </Stack>
    </Container>
  );
}
