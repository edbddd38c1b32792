// "Add product" on a work order's page: a product of the order's division, a product line of its
// program, a quantity and its status (Booked, or a status Booked may move to, on a day), saved with the
// order's Version (PATCH work-orders/{id}, AddProductOrders). A stale Version says someone else changed
// the order; the server's field messages show on the fields.
import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../../api/field-errors';
import { formFields } from '../../../api/save-problems';
import type { WorkOrderDetail } from '../../../contract/orders';
import { notify } from '../../../ui/notify';
import { RefusalBanner } from '../../../ui/refusal-banner';
import { usePatchWorkOrder, useProductLines, useProducts, useStatuses } from '../api/office';
import { localDay, statusTargets } from './helpers';

/** The fields of the added line a refusal is said beside (the status date only when it is asked). */
function shownFields(moved: boolean): (key: string) => boolean {
  const names = ['ProductID', 'ProductLineID', 'Quantity', 'ProductOrderStatusID'];
  if (moved) names.push('StatusDate');
  return formFields(...names.map((name) => `AddProductOrders.*.${name}`));
}

export function AddProductModal({
  order,
  opened,
  onClose,
}: {
  order: WorkOrderDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const products = useProducts({ divisionID: order.DivisionID });
  const lines = useProductLines({ programID: order.ProgramID });
  const patch = usePatchWorkOrder(order.WorkOrderID);
  const [product, setProduct] = useState<string | null>(null);
  const [line, setLine] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | string>(1);
  const statuses = useStatuses(order.DivisionID);
  const booked = (statuses.data ?? []).find((s) => s.StatusKind === 1);
  const [status, setStatus] = useState<string | null>(null);
  const [day, setDay] = useState(() => localDay(new Date()));
  const statusId = status ?? (booked ? String(booked.ProductOrderStatusID) : null);
  const moved = booked !== undefined && statusId !== null && statusId !== String(booked.ProductOrderStatusID);
  const close = () => {
    patch.reset();
    setProduct(null);
    setLine(null);
    setQuantity(1);
    setStatus(null);
    onClose();
  };
  const fields = patch.isError ? serverFieldErrors(patch.error) : {};
  const field = (name: string) =>
    fields[`AddProductOrders.0.${name}`] ?? fields[`AddProductOrders[0].${name}`];
  const qty = typeof quantity === 'number' ? quantity : Number(quantity);
  const save = () =>
    patch.mutate(
      {
        Version: order.Version,
        AddProductOrders: [
          {
            ProductID: Number(product),
            ProductLineID: Number(line),
            Quantity: qty,
            ...(moved ? { ProductOrderStatusID: Number(statusId), StatusDate: day } : {}),
          },
        ],
      },
      {
        onSuccess: () => {
          void notify({ message: t('orders.addProduct.added'), color: 'green' });
          close();
        },
      },
    );
  return (
    <Modal opened={opened} onClose={close} title={t('orders.addProduct.title')}>
      <Stack gap="sm">
        <Select
          label={t('orders.detail.product')}
          data={(products.data ?? [])
            .filter((p) => p.IsActive)
            .map((p) => ({ value: String(p.ProductID), label: p.Name }))}
          value={product}
          onChange={setProduct}
          error={field('ProductID')}
          searchable
          required
          data-autofocus
          data-testid="add-product-product"
        />
        <Select
          label={t('orders.addProduct.line')}
          data={(lines.data ?? [])
            .filter((l) => l.IsActive)
            .map((l) => ({ value: String(l.ProductLineID), label: l.Name }))}
          value={line}
          onChange={setLine}
          error={field('ProductLineID')}
          required
          data-testid="add-product-line"
        />
        <NumberInput
          label={t('orders.detail.quantity')}
          value={quantity}
          onChange={setQuantity}
          min={1}
          max={1000}
          allowDecimal={false}
          error={field('Quantity')}
          required
        />
        <Select
          label={t('orders.office.status')}
          data={(booked
            ? [booked, ...statusTargets(statuses.data ?? [], booked.ProductOrderStatusID)]
            : []
          ).map((s) => ({ value: String(s.ProductOrderStatusID), label: s.Name }))}
          value={statusId}
          onChange={setStatus}
          error={field('ProductOrderStatusID')}
          allowDeselect={false}
          description={t('orders.addProduct.statusHint')}
          data-testid="add-product-status"
        />
        {moved && (
          <TextInput
            type="date"
            label={t('orders.office.statusDate')}
            value={day}
            min={order.SaleDate}
            onChange={(e) => setDay(e.currentTarget.value)}
            error={field('StatusDate')}
            required
          />
        )}
        <RefusalBanner
          error={patch.isError ? patch.error : null}
          isField={shownFields(moved)}
          stale={t('orders.addProduct.stale')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('orders.office.cancel')}
          </Button>
          <Button
            disabled={!product || !line || !(qty >= 1) || (moved && !day)}
            loading={patch.isPending}
            onClick={save}
            data-testid="add-product-save"
          >
            {t('orders.addProduct.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
