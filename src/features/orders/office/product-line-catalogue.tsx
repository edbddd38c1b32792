// The product lines of the orders catalogue, per program: the list and the product-line dialog (create
// and edit).
import { Button, Checkbox, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formFields } from '../../../api/save-problems';
import type { ProductLine } from '../../../contract/orders';
import { useProductLines, usePrograms } from '../api/office';
import { DeleteModal, useCatalogueDialog } from './catalogue-dialogs';
import { CatalogueTable, useCanWriteCatalogue } from './catalogue-table';

/** The fields of the dialog a refusal is said beside; any other reason is said in the banner. */
const LINE_FIELDS = formFields('ProgramID', 'Name', 'SortIndex');

export function Lines({ divisionID }: { divisionID?: number }) {
  const { t } = useTranslation();
  const canWrite = useCanWriteCatalogue();
  const programs = usePrograms(divisionID);
  const [program, setProgram] = useState<string | null>(null);
  const lines = useProductLines({ divisionID, programID: program ? Number(program) : undefined });
  const [editing, setEditing] = useState<ProductLine | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ProductLine | null>(null);
  return (
    <Stack gap="sm">
      <Group align="flex-end" justify="space-between">
        <Select
          label={t('orders.office.program')}
          placeholder={t('orders.office.any')}
          data={(programs.data ?? []).map((p) => ({ value: String(p.ProgramID), label: p.Name }))}
          value={program}
          onChange={setProgram}
          clearable
          searchable
          w={260}
        />
        {canWrite && (
          <Button onClick={() => setEditing('new')} data-testid="new-line">
            {t('orders.catalogue.newLine')}
          </Button>
        )}
      </Group>
      <CatalogueTable
        query={lines}
        label={t('orders.catalogue.lines')}
        minWidth={640}
        testId="lines-table"
        headers={[t('orders.catalogue.name'), t('orders.office.program'), t('orders.catalogue.sortIndex')]}
        rowKey={(l) => l.ProductLineID}
        cells={(l) => [l.Name, l.ProgramName, l.SortIndex]}
        canWrite={canWrite}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      <LineModal
        editing={editing}
        programs={programs.data ?? []}
        defaultProgram={program}
        onClose={() => setEditing(null)}
      />
      <DeleteModal
        kind="product-lines"
        item={
          deleting ? { id: deleting.ProductLineID, version: deleting.Version, name: deleting.Name } : null
        }
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function LineModal({
  editing,
  programs,
  defaultProgram,
  onClose,
}: {
  editing: ProductLine | 'new' | null;
  programs: { ProgramID: number; Name: string }[];
  defaultProgram: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [program, setProgram] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [sortIndex, setSortIndex] = useState<number | string>(0);
  const [active, setActive] = useState(true);
  const { record, errors, actions } = useCatalogueDialog<ProductLine>(
    'product-lines',
    LINE_FIELDS,
    editing,
    onClose,
    (l) => {
      setProgram(l ? String(l.ProgramID) : defaultProgram);
      setName(l?.Name ?? '');
      setSortIndex(l?.SortIndex ?? 0);
      setActive(l?.IsActive ?? true);
    },
  );
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={record ? t('orders.catalogue.editLine') : t('orders.catalogue.newLine')}
    >
      <Stack gap="sm">
        <Select
          label={t('orders.office.program')}
          data={programs.map((p) => ({ value: String(p.ProgramID), label: p.Name }))}
          value={program}
          onChange={setProgram}
          error={errors.ProgramID}
          searchable
          required
        />
        <TextInput
          label={t('orders.catalogue.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.Name}
          required
          data-autofocus
        />
        <NumberInput
          label={t('orders.catalogue.sortIndex')}
          value={sortIndex}
          onChange={setSortIndex}
          min={0}
          allowDecimal={false}
          error={errors.SortIndex}
        />
        <Checkbox
          label={t('orders.catalogue.active')}
          checked={active}
          onChange={(e) => setActive(e.currentTarget.checked)}
        />
        {actions(record?.ProductLineID ?? null, () => ({
          ProgramID: Number(program) || (null as unknown as number),
          Name: name,
          SortIndex: typeof sortIndex === 'number' ? sortIndex : 0,
          IsActive: active,
        }))}
      </Stack>
    </Modal>
  );
}
