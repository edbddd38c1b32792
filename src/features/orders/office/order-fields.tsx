// A work order's own fields on its page (customer, order number, sale date, address, comments): only
// those changed are sent, with the Version read. A refusal's reason for one of these fields is said
// beside it; the banner says the rest (a field not on this card, such as the program or the rep) and a
// stale Version (409), which offers the record as it now is.
import { Button, Card, Group, SimpleGrid, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isResponseError } from '../../../api/errors';
import { serverFieldErrors } from '../../../api/field-errors';
import { formFields } from '../../../api/save-problems';
import type { WorkOrderDetail, WorkOrderPatch } from '../../../contract/orders';
import { notify } from '../../../ui/notify';
import { RefusalBanner } from '../../../ui/refusal-banner';
import { usePatchWorkOrder } from '../api/office';
import { localDay } from './helpers';

type Editable = Pick<
  WorkOrderDetail,
  | 'CustomerName'
  | 'CustomerPhone'
  | 'OrderNumber'
  | 'SaleDate'
  | 'StreetLine1'
  | 'StreetLine2'
  | 'City'
  | 'StateProvince'
  | 'PostalCode'
  | 'Comments'
>;
const EDITABLE: (keyof Editable)[] = [
  'OrderNumber',
  'SaleDate',
  'CustomerName',
  'CustomerPhone',
  'StreetLine1',
  'StreetLine2',
  'City',
  'StateProvince',
  'PostalCode',
  'Comments',
];
/** The editable fields; a day in a 409's Current (revived by the client into a Date) back to text. */
const pick = (o: WorkOrderDetail): Editable =>
  Object.fromEntries(
    EDITABLE.map((k) => {
      const v: unknown = o[k];
      return [k, v instanceof Date ? localDay(v) : v];
    }),
  ) as unknown as Editable;

/** The fields a refusal is said beside: all the card shows. */
const SHOWN_FIELDS = formFields(...EDITABLE);

/** The order's own fields: only those changed are sent, with the Version read. */
export function OrderFields({ order }: { order: WorkOrderDetail }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Editable>(() => pick(order));
  const [base, setBase] = useState(order);
  const [conflict, setConflict] = useState(false);
  const patch = usePatchWorkOrder(order.WorkOrderID);
  // A newer record from the server (after a status change or a save) resets the form.
  if (base.Version !== order.Version) {
    setBase(order);
    setValues(pick(order));
  }
  const changed = EDITABLE.filter((k) => (values[k] ?? '') !== (order[k] ?? ''));
  const errors = patch.isError ? serverFieldErrors(patch.error) : {};
  const field = (k: keyof Editable, label: string, props: { type?: string; required?: boolean } = {}) => (
    <TextInput
      label={label}
      value={values[k] ?? ''}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setValues((cur) => ({ ...cur, [k]: v }));
      }}
      error={errors[k]}
      {...props}
    />
  );
  const save = () => {
    const body: WorkOrderPatch = { Version: order.Version };
    for (const k of changed) {
      const v = values[k];
      (body as Record<string, unknown>)[k] = v === '' ? null : v;
    }
    setConflict(false);
    patch.mutate(body, {
      onSuccess: () => void notify({ message: t('orders.detail.saved'), color: 'green' }),
      onError: (err) => {
        if (isResponseError(err) && err.status === 409) setConflict(true);
      },
    });
  };
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        {t('orders.detail.customer')}
      </Title>
      {order.LeadID !== null && (
        <Text size="sm" mb="xs">
          {t('orders.detail.fromLead', { id: order.LeadID })}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {field('CustomerName', t('orders.office.customer'), { required: true })}
        {field('CustomerPhone', t('orders.detail.phone'), { type: 'tel' })}
        {field('OrderNumber', t('orders.office.orderNumber'))}
        {field('SaleDate', t('orders.office.saleDate'), { type: 'date', required: true })}
        {field('StreetLine1', t('orders.detail.street1'))}
        {field('StreetLine2', t('orders.detail.street2'))}
        {field('City', t('orders.detail.city'))}
        {field('StateProvince', t('orders.detail.province'))}
        {field('PostalCode', t('orders.detail.postalCode'))}
      </SimpleGrid>
      <Textarea
        mt="xs"
        label={t('orders.office.comments')}
        value={values.Comments ?? ''}
        onChange={(e) => {
          const v = e.currentTarget.value;
          setValues((cur) => ({ ...cur, Comments: v }));
        }}
        error={errors.Comments}
        autosize
        minRows={2}
      />
      <RefusalBanner
        error={patch.isError ? patch.error : null}
        isField={SHOWN_FIELDS}
        stale={t('orders.detail.conflict')}
        testId="order-save-error"
        mt="sm"
      />
      <Group justify="flex-end" mt="sm">
        {conflict && (
          <Button
            variant="default"
            onClick={() => {
              const current = (isResponseError(patch.error) &&
                (patch.error.data as { Current?: WorkOrderDetail } | null)?.Current) as
                | WorkOrderDetail
                | undefined;
              if (current) setValues(pick(current));
              patch.reset();
              setConflict(false);
            }}
          >
            {t('orders.detail.takeCurrent')}
          </Button>
        )}
        <Button disabled={changed.length === 0} loading={patch.isPending} onClick={save}>
          {t('orders.detail.save')}
        </Button>
      </Group>
    </Card>
  );
}
