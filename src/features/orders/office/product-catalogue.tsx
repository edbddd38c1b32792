// The products of the orders catalogue (the Rogers category is fixed): the list, filtered by search
// and category, and the product dialog (create and edit).
import { Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formFields } from '../../../api/save-problems';
import { type Product, ROGERS_CATEGORY_NAMES } from '../../../contract/orders';
import { useProducts } from '../api/office';
import { DeleteModal, useCatalogueDialog } from './catalogue-dialogs';
import { CatalogueTable, useCanWriteCatalogue } from './catalogue-table';

const ROGERS = 35;

/** The fields of the dialog a refusal is said beside; any other reason is said in the banner. */
const PRODUCT_FIELDS = formFields('DivisionID', 'Name', 'Code', 'RogersCategoryID');

export function Products({
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
        label={t('orders.catalogue.products')}
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
