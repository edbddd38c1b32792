// The orders catalogue (back office, online only): programs and retailers (read), products with the
// fixed Rogers category, product lines per program — lists with create, edit (Version: a 409 shows
// the current record) and delete (confirmed; the server's refusal, e.g. a product in use, is shown).
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, formFields, isResponseError } from '../../../api/errors';
import { serverFieldErrors } from '../../../api/field-errors';
import { hasGrant } from '../../../api/permissions';
import { useSessionData } from '../../../app/app-context';
import {
  CATALOGUE_WRITE,
  type Product,
  type ProductLine,
  ROGERS_CATEGORY_NAMES,
} from '../../../contract/orders';
import { type QueryLike, QueryView } from '../../../ui/query-view';
import { RefusalBanner } from '../../../ui/refusal-banner';
import { useDivisions } from '../../employees/api';
import {
  useDeleteCatalogueItem,
  useProductLines,
  useProducts,
  usePrograms,
  useRetailers,
  useSaveCatalogueItem,
} from '../api/office';
import { SaveActions } from './save-actions';

const ROGERS = 35;

/** The fields of each dialog a refusal is said beside; any other reason is said in the banner. */
const PRODUCT_FIELDS = formFields('DivisionID', 'Name', 'Code', 'RogersCategoryID');
const LINE_FIELDS = formFields('ProgramID', 'Name', 'SortIndex');

/** Whether the signed-in user may change the catalogue (else the lists are read only). */
function useCanWriteCatalogue(): boolean {
  const session = useSessionData();
  return hasGrant(session?.grants ?? [], CATALOGUE_WRITE);
}

export default function CataloguePage() {
  const { t } = useTranslation();
  const divisions = useDivisions();
  const [division, setDivision] = useState<string | null>(null);
  const divisionID = division ? Number(division) : undefined;
  return (
    <Stack gap="md" maw={1280}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('orders.catalogue.title')}
        </Title>
        <Select
          label={t('orders.office.division')}
          placeholder={t('orders.office.any')}
          data={(divisions.data ?? []).map((d) => ({ value: String(d.DivisionID), label: d.Name }))}
          value={division}
          onChange={setDivision}
          clearable
          w={220}
        />
      </Group>
      <Tabs defaultValue="products" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="products">{t('orders.catalogue.products')}</Tabs.Tab>
          <Tabs.Tab value="lines">{t('orders.catalogue.lines')}</Tabs.Tab>
          <Tabs.Tab value="programs">{t('orders.catalogue.programs')}</Tabs.Tab>
          <Tabs.Tab value="retailers">{t('orders.catalogue.retailers')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="products" pt="md">
          <Products divisionID={divisionID} divisionNames={divisions.data ?? []} />
        </Tabs.Panel>
        <Tabs.Panel value="lines" pt="md">
          <Lines divisionID={divisionID} />
        </Tabs.Panel>
        <Tabs.Panel value="programs" pt="md">
          <Programs divisionID={divisionID} />
        </Tabs.Panel>
        <Tabs.Panel value="retailers" pt="md">
          <Retailers divisionID={divisionID} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={active ? 'green' : 'gray'}>
      {t(active ? 'orders.catalogue.active' : 'orders.catalogue.inactive')}
    </Badge>
  );
}

function Programs({ divisionID }: { divisionID?: number }) {
  const { t } = useTranslation();
  const programs = usePrograms(divisionID);
  return (
    <QueryView
      query={programs}
      errorTitle={t('orders.catalogue.loadFailed')}
      empty={t('orders.catalogue.empty')}
      isEmpty={(d) => d.length === 0}
    >
      {(rows) => (
        <Table striped verticalSpacing="xs" data-testid="programs-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('orders.catalogue.name')}</Table.Th>
              <Table.Th>{t('orders.office.division')}</Table.Th>
              <Table.Th>{t('orders.catalogue.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.ProgramID}>
                <Table.Td>{p.Name}</Table.Td>
                <Table.Td>{p.DivisionID}</Table.Td>
                <Table.Td>
                  <ActiveBadge active={p.IsActive} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryView>
  );
}

function Retailers({ divisionID }: { divisionID?: number }) {
  const { t } = useTranslation();
  const retailers = useRetailers(divisionID);
  return (
    <QueryView
      query={retailers}
      errorTitle={t('orders.catalogue.loadFailed')}
      empty={t('orders.catalogue.empty')}
      isEmpty={(d) => d.length === 0}
    >
      {(rows) => (
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('orders.catalogue.name')}</Table.Th>
              <Table.Th>{t('orders.office.division')}</Table.Th>
              <Table.Th>{t('orders.catalogue.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.RetailerID}>
                <Table.Td>{r.Name}</Table.Td>
                <Table.Td>{r.DivisionID}</Table.Td>
                <Table.Td>
                  <ActiveBadge active={r.IsActive} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryView>
  );
}

function Products({
  divisionID,
  divisionNames,
}: {
  divisionID?: number;
  divisionNames: { DivisionID: number; Name: string }[];
}) {
  const { t } = useTranslation();
  const canWrite = useCanWriteCatalogue();
  const [category, setCategory] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const products = useProducts({
    divisionID,
    rogersCategoryID: category ? Number(category) : undefined,
    search: search.trim() || undefined,
  });
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const divisionName = (id: number) => divisionNames.find((d) => d.DivisionID === id)?.Name ?? String(id);
  return (
    <Stack gap="sm">
      <Group align="flex-end" justify="space-between">
        <Group align="flex-end">
          <TextInput
            label={t('orders.office.search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={220}
          />
          <Select
            label={t('orders.catalogue.category')}
            placeholder={t('orders.office.any')}
            data={Object.entries(ROGERS_CATEGORY_NAMES).map(([v]) => ({
              value: v,
              label: t(`orders.rogersCategory.${v}`),
            }))}
            value={category}
            onChange={setCategory}
            clearable
            w={220}
          />
        </Group>
        {canWrite && (
          <Button onClick={() => setEditing('new')} data-testid="new-product">
            {t('orders.catalogue.newProduct')}
          </Button>
        )}
      </Group>
      <CatalogueTable
        query={products}
        minWidth={720}
        testId="products-table"
        headers={[
          t('orders.catalogue.name'),
          t('orders.catalogue.code'),
          t('orders.office.division'),
          t('orders.catalogue.category'),
        ]}
        rowKey={(p) => p.ProductID}
        cells={(p) => [
          p.Name,
          p.Code ?? '—',
          divisionName(p.DivisionID),
          p.RogersCategoryID ? t(`orders.rogersCategory.${p.RogersCategoryID}`) : '—',
        ]}
        canWrite={canWrite}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      <ProductModal
        editing={editing}
        divisions={divisionNames}
        defaultDivision={divisionID}
        onClose={() => setEditing(null)}
      />
      <DeleteModal
        kind="products"
        item={deleting ? { id: deleting.ProductID, version: deleting.Version, name: deleting.Name } : null}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

/**
 * A list of products or product lines: the given columns, then the state (active or not) and, for
 * those who may change the catalogue, Edit and Delete.
 */
function CatalogueTable<T extends { Name: string; IsActive: boolean }>({
  query,
  minWidth,
  testId,
  headers,
  rowKey,
  cells,
  canWrite,
  onEdit,
  onDelete,
}: {
  query: QueryLike<T[]>;
  minWidth: number;
  testId: string;
  headers: string[];
  rowKey: (row: T) => number;
  cells: (row: T) => ReactNode[];
  canWrite: boolean;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
}) {
  const { t } = useTranslation();
  return (
    <QueryView
      query={query}
      errorTitle={t('orders.catalogue.loadFailed')}
      empty={t('orders.catalogue.empty')}
      isEmpty={(d) => d.length === 0}
    >
      {(rows) => (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table striped verticalSpacing="xs" data-testid={testId}>
            <Table.Thead>
              <Table.Tr>
                {headers.map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
                <Table.Th>{t('orders.catalogue.state')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {cells(row).map((cell, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed, in the headers' order
                    <Table.Td key={i}>{cell}</Table.Td>
                  ))}
                  <Table.Td>
                    <ActiveBadge active={row.IsActive} />
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      canWrite={canWrite}
                      name={row.Name}
                      onEdit={() => onEdit(row)}
                      onDelete={() => onDelete(row)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </QueryView>
  );
}

function RowActions({
  name,
  canWrite,
  onEdit,
  onDelete,
}: {
  name: string;
  canWrite: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  if (!canWrite) return null;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={onEdit}
        aria-label={t('orders.catalogue.editOf', { name })}
      >
        {t('orders.adjustments.edit')}
      </Button>
      <Button
        size="compact-xs"
        variant="subtle"
        color="red"
        onClick={onDelete}
        aria-label={t('orders.catalogue.deleteOf', { name })}
      >
        {t('orders.adjustments.delete')}
      </Button>
    </Group>
  );
}

/** The record a 409 answered with (`Current`), if any. */
function currentOf<T>(err: unknown): T | undefined {
  if (!isResponseError(err) || err.status !== 409) return undefined;
  return (err.data as { Current?: T } | null)?.Current;
}

/**
 * The state of a product's or a product line's dialog: the record edited (null: a new one), filled
 * into the form on opening and again with the server's current record after a 409, the server's
 * field errors (`isField`: those the dialog shows; the banner says the rest), and Save (an update
 * carries the version read).
 */
function useCatalogueDialog<T extends { Version: number }>(
  kind: 'products' | 'product-lines',
  isField: (key: string) => boolean,
  editing: T | 'new' | null,
  onClose: () => void,
  fill: (record: T | null) => void,
) {
  const { t } = useTranslation();
  const save = useSaveCatalogueItem(kind);
  const [key, setKey] = useState<T | 'new' | null>(null);
  const [record, setRecord] = useState<T | null>(null);
  const load = (r: T | null) => {
    setRecord(r);
    fill(r);
  };
  if (key !== editing) {
    setKey(editing);
    save.reset();
    load(editing === 'new' ? null : editing);
  }
  const errors = save.isError ? serverFieldErrors(save.error) : {};
  const submit = (id: number | null, body: Record<string, unknown>) =>
    save.mutate(
      { id, body: { ...body, ...(record ? { Version: record.Version } : {}) } as never },
      {
        onSuccess: onClose,
        onError: (err) => {
          const current = currentOf<T>(err);
          if (current) load(current);
        },
      },
    );
  /** The dialog's foot: the refusal's banner (a 409 says the current record was loaded), Cancel, Save. */
  const actions = (id: number | null, body: () => Record<string, unknown>) => (
    <SaveActions
      banner={
        <RefusalBanner
          error={save.isError ? save.error : null}
          isField={isField}
          stale={t('orders.catalogue.reloaded')}
        />
      }
      pending={save.isPending}
      onCancel={onClose}
      onSave={() => submit(id, body())}
    />
  );
  return { record, errors, actions };
}

function ProductModal({
  editing,
  divisions,
  defaultDivision,
  onClose,
}: {
  editing: Product | 'new' | null;
  divisions: { DivisionID: number; Name: string }[];
  defaultDivision?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [division, setDivision] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [active, setActive] = useState(true);
  const { record, errors, actions } = useCatalogueDialog<Product>(
    'products',
    PRODUCT_FIELDS,
    editing,
    onClose,
    (p) => {
      setDivision(p ? String(p.DivisionID) : defaultDivision ? String(defaultDivision) : null);
      setName(p?.Name ?? '');
      setCode(p?.Code ?? '');
      setCategory(p?.RogersCategoryID ? String(p.RogersCategoryID) : null);
      setActive(p?.IsActive ?? true);
    },
  );
  const rogers = Number(division) === ROGERS;
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={record ? t('orders.catalogue.editProduct') : t('orders.catalogue.newProduct')}
    >
      <Stack gap="sm">
        <Select
          label={t('orders.office.division')}
          data={divisions.map((d) => ({ value: String(d.DivisionID), label: d.Name }))}
          value={division}
          onChange={setDivision}
          error={errors.DivisionID}
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
        <TextInput
          label={t('orders.catalogue.code')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={errors.Code}
        />
        <Select
          label={t('orders.catalogue.category')}
          description={rogers ? t('orders.catalogue.categoryHint') : undefined}
          data={Object.keys(ROGERS_CATEGORY_NAMES).map((v) => ({
            value: v,
            label: t(`orders.rogersCategory.${v}`),
          }))}
          value={category}
          onChange={setCategory}
          error={errors.RogersCategoryID}
          clearable
        />
        <Checkbox
          label={t('orders.catalogue.active')}
          checked={active}
          onChange={(e) => setActive(e.currentTarget.checked)}
        />
        {actions(record?.ProductID ?? null, () => ({
          DivisionID: Number(division) || (null as unknown as number),
          Name: name,
          Code: code.trim() || null,
          RogersCategoryID: category ? Number(category) : null,
          IsActive: active,
        }))}
      </Stack>
    </Modal>
  );
}

function Lines({ divisionID }: { divisionID?: number }) {
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

function DeleteModal({
  kind,
  item,
  onClose,
}: {
  kind: 'products' | 'product-lines';
  item: { id: number; version: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteCatalogueItem(kind);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={item !== null} onClose={close} title={t('orders.catalogue.deleteTitle')}>
      <Stack gap="sm">
        <Text size="sm">{item && t('orders.catalogue.deleteConfirm', { name: item.name })}</Text>
        {remove.isError && (
          <Alert color="red" data-testid="delete-refused">
            {errorMessage(remove.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('orders.office.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              item && remove.mutate({ id: item.id, version: item.version }, { onSuccess: close })
            }
          >
            {t('orders.adjustments.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
