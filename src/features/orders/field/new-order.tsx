// "New order" on a lead's card: once the lead is marked as a sale (a status counted as a conversion),
// the rep drafts the work order there — program (as worked at one of the rep's offices, from the
// Clock's kept lookups), products and lines of the division's catalogue (kept for offline), quantity,
// customer, notes; sales channel DoorToDoor. Saved as the offline command workOrder.create: it works
// with no signal, waits in the sync chip and is sent once when the phone is back online.
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncEngine } from '../../../app/app-context';
import type { LeadStatus } from '../../../contract/leads';
import { allocateTempId } from '../../../offline/db';
import { announceDelivery } from '../../leads/components/delivery-notice';
import { useClockLookups } from '../../time/api/get-clock-lookups';
import { useCatalogue } from './api';
import { CreateWorkOrderArgs, createWorkOrder } from './commands';
import {
  localDate,
  type OrderErrors,
  type OrderValues,
  orderBody,
  type ProductRow,
  validateOrder,
} from './order-draft';

export interface OrderLead {
  LeadID: number;
  LeadStatusID: number | null;
  StreetLine1?: string | null;
  City?: string | null;
}

let rowSeq = 0;
const newRow = (): ProductRow => ({ key: `r${++rowSeq}`, ProductID: null, ProductLineID: null, Quantity: 1 });

/** Whether the lead's current status is a sale (the card offers "New order"). */
export function isSale(lead: { LeadStatusID: number | null }, statuses: readonly LeadStatus[]): boolean {
  return statuses.some((s) => s.LeadStatusID === lead.LeadStatusID && s.IsConversion);
}

export function NewOrderForm(props: {
  userId: string;
  lead: OrderLead;
  divisionId: number;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { userId, lead, divisionId, onCancel, onSaved } = props;
  const engine = useSyncEngine();
  const lookups = useClockLookups(userId);
  const catalogue = useCatalogue(userId, divisionId);
  const opened = useRef(new Date());
  const choices = (lookups.data?.data.Offices ?? []).flatMap((o) =>
    o.Programs.filter((p) => p.DivisionID === divisionId).map((p) => ({
      value: `${o.IcdOfficeID}:${p.ProgramID}`,
      label: lookups.data && lookups.data.data.Offices.length > 1 ? `${p.Name} · ${o.OfficeName}` : p.Name,
      programId: p.ProgramID,
      programName: p.Name,
      officeName: o.OfficeName,
    })),
  );
  const [values, setValues] = useState<OrderValues>(() => ({
    officeProgram: null,
    SaleDate: localDate(opened.current),
    CustomerName: '',
    CustomerPhone: '',
    Comments: '',
    rows: [newRow()],
  }));
  const [errors, setErrors] = useState<OrderErrors>({});
  const [busy, setBusy] = useState(false);
  const officeProgram = values.officeProgram ?? (choices.length === 1 ? choices[0].value : null);
  const chosen = choices.find((c) => c.value === officeProgram);
  const products = (catalogue.data?.data.Products ?? []).filter((p) => p.IsActive);
  const lines = (catalogue.data?.data.ProductLines ?? []).filter(
    (l) => l.IsActive && chosen && l.ProgramID === chosen.programId,
  );
  const set = (patch: Partial<OrderValues>) => setValues((v) => ({ ...v, ...patch }));
  const setRow = (key: string, patch: Partial<ProductRow>) =>
    setValues((v) => ({ ...v, rows: v.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) }));
  const err = (key: string) => (errors[key] ? t(errors[key] as string) : undefined);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const full = { ...values, officeProgram };
    const found = validateOrder(full);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const Id = await allocateTempId(userId);
      const order = orderBody(full, lead, crypto.randomUUID());
      const address = [lead.StreetLine1, lead.City].filter(Boolean).join(', ');
      const row = await createWorkOrder.enqueue(userId, {
        Id,
        order: CreateWorkOrderArgs.shape.order.parse(order),
        local: {
          LeadID: lead.LeadID,
          ProgramName: chosen?.programName ?? '',
          OfficeName: chosen?.officeName ?? '',
          SaleDate: order.SaleDate,
          CustomerName: order.CustomerName ?? address,
          ProductOrders: full.rows.map((r) => ({
            ProductName: products.find((p) => String(p.ProductID) === r.ProductID)?.Name ?? '',
            ProductLineName: lines.find((l) => String(l.ProductLineID) === r.ProductLineID)?.Name ?? '',
            Quantity: Number(r.Quantity),
          })),
        },
      });
      void announceDelivery(row.id, engine, t, {
        sending: 'orders-field.sending',
        sent: 'orders-field.sent',
        queued: 'orders-field.saved',
      });
      onSaved();
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('orders-field.failed'),
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setBusy(false);
    }
  }

  const missingCatalogue =
    (lookups.isError && !lookups.data) ||
    (catalogue.isError && !catalogue.data) ||
    (lookups.data && !choices.length);

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="new-order-form">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('orders-field.newOrder')}
        </Title>
        {missingCatalogue && (
          <Alert color="yellow" variant="light" data-testid="order-no-catalogue">
            {lookups.data && !choices.length ? t('orders-field.noProgram') : t('orders-field.noCatalogue')}
          </Alert>
        )}
        <Select
          label={t('orders-field.program')}
          placeholder={t('orders-field.choose')}
          data={choices.map(({ value, label }) => ({ value, label }))}
          value={officeProgram}
          onChange={(v) =>
            setValues((s) => ({
              ...s,
              officeProgram: v,
              rows: s.rows.map((r) => ({ ...r, ProductLineID: null })),
            }))
          }
          error={err('officeProgram')}
          required
          data-testid="order-program"
        />
        {values.rows.map((row, i) => (
          <Stack
            key={row.key}
            gap={6}
            data-testid="order-product-row"
            p="xs"
            style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={500}>
                {t('orders-field.productN', { n: i + 1 })}
              </Text>
              {values.rows.length > 1 && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('orders-field.removeProduct', { n: i + 1 })}
                  onClick={() => set({ rows: values.rows.filter((r) => r.key !== row.key) })}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              )}
            </Group>
            <Select
              label={t('orders-field.product')}
              placeholder={t('orders-field.choose')}
              data={products.map((p) => ({ value: String(p.ProductID), label: p.Name }))}
              value={row.ProductID}
              onChange={(v) => setRow(row.key, { ProductID: v })}
              error={err(`rows.${i}.ProductID`)}
              searchable
              required
              data-testid="order-product"
            />
            <Group grow wrap="nowrap" align="flex-start">
              <Select
                label={t('orders-field.line')}
                placeholder={t('orders-field.choose')}
                data={lines.map((l) => ({ value: String(l.ProductLineID), label: l.Name }))}
                value={row.ProductLineID}
                onChange={(v) => setRow(row.key, { ProductLineID: v })}
                error={err(`rows.${i}.ProductLineID`)}
                required
                data-testid="order-line"
              />
              <NumberInput
                label={t('orders-field.quantity')}
                min={1}
                max={1000}
                allowDecimal={false}
                value={row.Quantity}
                onChange={(v) => setRow(row.key, { Quantity: v })}
                error={err(`rows.${i}.Quantity`)}
                maw={110}
                data-testid="order-quantity"
              />
            </Group>
          </Stack>
        ))}
        {errors.rows && (
          <Text c="red" size="sm">
            {t(errors.rows)}
          </Text>
        )}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => set({ rows: [...values.rows, newRow()] })}
          data-testid="order-add-product"
        >
          {t('orders-field.addProduct')}
        </Button>
        <TextInput
          label={t('orders-field.customerName')}
          description={t('orders-field.customerNameHint')}
          value={values.CustomerName}
          onChange={(e) => set({ CustomerName: e.currentTarget.value })}
          maxLength={200}
        />
        <TextInput
          label={t('orders-field.customerPhone')}
          type="tel"
          value={values.CustomerPhone}
          onChange={(e) => set({ CustomerPhone: e.currentTarget.value })}
          error={err('CustomerPhone')}
          maxLength={30}
        />
        <TextInput
          label={t('orders-field.saleDate')}
          type="date"
          value={values.SaleDate}
          onChange={(e) => set({ SaleDate: e.currentTarget.value })}
          error={err('SaleDate')}
          required
        />
        <Textarea
          label={t('orders-field.notes')}
          value={values.Comments}
          onChange={(e) => set({ Comments: e.currentTarget.value })}
          error={err('Comments')}
          autosize
          minRows={2}
          maxLength={2000}
        />
        <Text size="xs" c="dimmed">
          {t('orders-field.channelDoorToDoor')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy} data-testid="save-order">
            {t('orders-field.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The card's action: "New order" for a lead marked as a sale, opening the form in place. */
export function NewOrderAction(props: {
  userId: string;
  lead: OrderLead;
  divisionId: number;
  statuses: readonly LeadStatus[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!isSale(props.lead, props.statuses)) return null;
  if (open)
    return (
      <NewOrderForm
        userId={props.userId}
        lead={props.lead}
        divisionId={props.divisionId}
        onCancel={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          props.onDone();
        }}
      />
    );
  return (
    <Button size="md" variant="light" color="green" onClick={() => setOpen(true)} data-testid="new-order">
      {t('orders-field.newOrder')}
    </Button>
  );
}
