// One work order (back office, tablet friendly): the customer and the lead it came from, the products
// ordered with their status (changed one at a time, only to the statuses the rule allows), the status
// history (who, when, from → to), the commission pieces and chargebacks written to the rep's pay
// periods, the partner adjustments (add, edit, delete) and the order's own fields (saved with Version;
// a 409 shows the current record).
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage, isResponseError } from '../../../api/errors';
import { hasGrant } from '../../../api/permissions';
import { useSessionData } from '../../../app/app-context';
import {
  ORDERS_WRITE,
  type ProductOrder,
  type ProductOrderAdjustment,
  type ProductOrderStatus,
  type WorkOrderDetail,
  type WorkOrderPatch,
} from '../../../contract/orders';
import { notify } from '../../../ui/notify';
import { QueryView } from '../../../ui/query-view';
import {
  useBulkStatusChange,
  useDeleteAdjustment,
  usePatchWorkOrder,
  useSaveAdjustment,
  useStatuses,
  useWorkOrder,
} from '../api/office';
import { AddProductModal } from './add-product-modal';
import {
  formatDay,
  formatMoney,
  localDay,
  STATUS_KIND_COLOURS,
  serverFieldErrors,
  serverMessages,
  statusTargets,
} from './helpers';
import { SaveActions } from './save-actions';

export default function WorkOrderPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const order = useWorkOrder(id);
  return (
    <Stack gap="md" maw={1280}>
      <Anchor component={Link} to="/orders" size="sm">
        {t('orders.detail.back')}
      </Anchor>
      <QueryView query={order} errorTitle={t('orders.detail.loadFailed')}>
        {(o) => <Detail order={o} />}
      </QueryView>
    </Stack>
  );
}

function Detail({ order: o }: { order: WorkOrderDetail }) {
  const { t, i18n } = useTranslation();
  const statuses = useStatuses(o.DivisionID);
  const [changing, setChanging] = useState<ProductOrder | null>(null);
  const [adding, setAdding] = useState(false);
  const canWrite = hasGrant(useSessionData()?.grants ?? [], ORDERS_WRITE);
  const money = (n: number) => formatMoney(n, i18n.language);
  const day = (d: string) => formatDay(d, i18n.language);
  const when = (d: Date | string) =>
    new Intl.DateTimeFormat(i18n.language.replace('_', '-'), {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(d));
  const productName = (productOrderID: number) =>
    o.ProductOrders.find((p) => p.ProductOrderID === productOrderID)?.ProductName ?? `#${productOrderID}`;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {o.OrderNumber
              ? t('orders.detail.title', { number: o.OrderNumber })
              : t('orders.office.noNumber', { id: o.WorkOrderID })}
          </Title>
          <Text c="dimmed" size="sm">
            {[o.ProgramName, o.OfficeName, o.RetailerName, t(`orders.channel.${o.SalesChannelID}`)]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </div>
        <Text size="sm">
          {t('orders.detail.soldBy', {
            name: o.EmployeeName ?? t('orders.office.unclaimed'),
            date: day(o.SaleDate),
          })}
        </Text>
      </Group>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <OrderFields order={o} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder padding="md">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4">
                {t('orders.detail.products')}
              </Title>
              {canWrite && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => setAdding(true)}
                  data-testid="add-product"
                >
                  {t('orders.addProduct.open')}
                </Button>
              )}
            </Group>
            <AddProductModal order={o} opened={adding} onClose={() => setAdding(false)} />
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs" data-testid="product-orders">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('orders.detail.product')}</Table.Th>
                    <Table.Th>{t('orders.detail.quantity')}</Table.Th>
                    <Table.Th>{t('orders.office.status')}</Table.Th>
                    <Table.Th ta="right">{t('orders.detail.commissionPaid')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {o.ProductOrders.map((p) => (
                    <Table.Tr key={p.ProductOrderID} data-testid={`product-order-${p.ProductOrderID}`}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {p.ProductName}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {p.ProductLineName}
                        </Text>
                      </Table.Td>
                      <Table.Td>{p.Quantity}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={STATUS_KIND_COLOURS[p.StatusKind] ?? 'gray'}>
                          {p.StatusName}
                        </Badge>
                        <Text size="xs" c="dimmed">
                          {p.InstallDate
                            ? t('orders.detail.installed', { date: day(p.InstallDate) })
                            : day(p.StatusDate)}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{money(p.CommissionPaid)}</Table.Td>
                      <Table.Td ta="right">
                        <Button
                          size="compact-sm"
                          variant="light"
                          disabled={statusTargets(statuses.data ?? [], p.ProductOrderStatusID).length === 0}
                          onClick={() => setChanging(p)}
                          aria-label={t('orders.detail.changeStatusOf', { name: p.ProductName })}
                        >
                          {t('orders.office.changeStatus')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        </Grid.Col>
      </Grid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <HistoryCard
          title={t('orders.detail.history')}
          empty={o.History.length === 0 ? t('orders.detail.noHistory') : null}
          testId="status-history"
          head={
            <>
              <Table.Th>{t('orders.detail.product')}</Table.Th>
              <Table.Th>{t('orders.detail.change')}</Table.Th>
              <Table.Th>{t('orders.detail.who')}</Table.Th>
            </>
          }
        >
          {o.History.map((h) => (
            <Table.Tr key={h.ProductOrderStatusHistoryID}>
              <Table.Td>{productName(h.ProductOrderID)}</Table.Td>
              <Table.Td>
                <Text size="sm">
                  {h.FromStatusName
                    ? t('orders.detail.fromTo', { from: h.FromStatusName, to: h.ToStatusName })
                    : h.ToStatusName}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('orders.detail.effective', { date: day(h.StatusDate) })}
                  {h.Comments ? ` — ${h.Comments}` : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{h.ChangedByName ?? t('orders.detail.system')}</Text>
                <Text size="xs" c="dimmed">
                  {when(h.ChangedAt)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </HistoryCard>
        <HistoryCard
          title={t('orders.detail.commission')}
          empty={o.Commissions.length === 0 ? t('orders.detail.noCommission') : null}
          testId="commission-pieces"
          head={
            <>
              <Table.Th>{t('orders.detail.piece')}</Table.Th>
              <Table.Th>{t('orders.detail.policy')}</Table.Th>
              <Table.Th>{t('orders.detail.payPeriod')}</Table.Th>
              <Table.Th ta="right">{t('orders.detail.amount')}</Table.Th>
            </>
          }
        >
          {o.Commissions.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: pieces have no id on the wire; their order is stable
            <Table.Tr key={i}>
              <Table.Td>
                <Text size="sm" fw={700} c={c.Amount < 0 ? 'red' : 'green'}>
                  {t(`orders.detail.kind.${c.Kind}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {productName(c.ProductOrderID)} ·{' '}
                  {t('orders.detail.pieceMath', { qty: c.PieceQty, rate: money(c.PieceRate) })}
                </Text>
              </Table.Td>
              <Table.Td>{c.PolicyName ?? '—'}</Table.Td>
              <Table.Td>
                {c.IsPaid && c.PayPeriodID !== null ? (
                  <Text size="sm">
                    {c.PieceNumber !== null
                      ? t('orders.detail.pieceIn', { n: c.PieceNumber, period: c.PayPeriodID })
                      : t('orders.detail.periodOnly', { period: c.PayPeriodID })}
                  </Text>
                ) : (
                  <Text size="sm" c="orange">
                    {t('orders.detail.notPaid')}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {when(c.CreatedAt)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" c={c.Amount < 0 ? 'red' : undefined}>
                {money(c.Amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </HistoryCard>
      </SimpleGrid>

      <Adjustments order={o} />

      <StatusModal
        productOrder={changing}
        saleDate={o.SaleDate}
        statuses={statuses.data ?? []}
        onClose={() => setChanging(null)}
      />
    </Stack>
  );
}

function StatusModal({
  productOrder,
  statuses,
  saleDate,
  onClose,
}: {
  productOrder: ProductOrder | null;
  statuses: ProductOrderStatus[];
  saleDate: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<string | null>(null);
  const [day, setDay] = useState(() => localDay(new Date()));
  const [comments, setComments] = useState('');
  const change = useBulkStatusChange();
  const targets = productOrder ? statusTargets(statuses, productOrder.ProductOrderStatusID) : [];
  const close = () => {
    change.reset();
    setStatus(null);
    setComments('');
    onClose();
  };
  const fields = change.isError ? serverFieldErrors(change.error) : {};
  const messages = change.isError ? serverMessages(change.error) : [];
  return (
    <Modal
      opened={productOrder !== null}
      onClose={close}
      title={productOrder ? t('orders.detail.changeStatusOf', { name: productOrder.ProductName }) : ''}
    >
      {productOrder && (
        <Stack gap="sm">
          <Text size="sm">{t('orders.detail.currently', { status: productOrder.StatusName })}</Text>
          <Select
            label={t('orders.office.newStatus')}
            data={targets.map((s) => ({ value: String(s.ProductOrderStatusID), label: s.Name }))}
            value={status}
            onChange={setStatus}
            error={fields['Changes[0].ProductOrderStatusID']}
            required
            data-autofocus
          />
          <TextInput
            type="date"
            label={t('orders.office.statusDate')}
            value={day}
            min={saleDate}
            onChange={(e) => setDay(e.currentTarget.value)}
            error={fields['Changes[0].StatusDate']}
            required
          />
          <Textarea
            label={t('orders.office.comments')}
            value={comments}
            onChange={(e) => setComments(e.currentTarget.value)}
            autosize
            minRows={2}
          />
          {change.isError && (
            <Alert color="red" title={errorMessage(change.error)}>
              {messages.join(' ')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('orders.office.cancel')}
            </Button>
            <Button
              disabled={!status || !day}
              loading={change.isPending}
              onClick={() =>
                change.mutate(
                  [
                    {
                      ProductOrderID: productOrder.ProductOrderID,
                      ProductOrderStatusID: Number(status),
                      StatusDate: day,
                      Comments: comments.trim() || null,
                      Version: productOrder.Version,
                    },
                  ],
                  {
                    onSuccess: () => {
                      void notify({
                        message: t('orders.office.statusChanged', { count: 1 }),
                        color: 'green',
                      });
                      close();
                    },
                  },
                )
              }
            >
              {t('orders.office.apply')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

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

/** The order's own fields: only those changed are sent, with the Version read. */
function OrderFields({ order }: { order: WorkOrderDetail }) {
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
      {patch.isError && (
        <Alert color={conflict ? 'yellow' : 'red'} mt="sm" data-testid="order-save-error">
          {errorMessage(patch.error)} {conflict && t('orders.detail.conflict')}
        </Alert>
      )}
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

function Adjustments({ order }: { order: WorkOrderDetail }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<ProductOrderAdjustment | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ProductOrderAdjustment | null>(null);
  const remove = useDeleteAdjustment();
  const productName = (id: number) =>
    order.ProductOrders.find((p) => p.ProductOrderID === id)?.ProductName ?? '';
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('orders.adjustments.title')}
        </Title>
        <Button size="xs" variant="light" onClick={() => setEditing('new')}>
          {t('orders.adjustments.add')}
        </Button>
      </Group>
      {order.Adjustments.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('orders.adjustments.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing={6} data-testid="adjustments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('orders.adjustments.partner')}</Table.Th>
                <Table.Th>{t('orders.detail.product')}</Table.Th>
                <Table.Th>{t('orders.office.comments')}</Table.Th>
                <Table.Th ta="right">{t('orders.detail.amount')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.Adjustments.map((a) => (
                <Table.Tr key={a.ProductOrderAdjustmentID}>
                  <Table.Td>{a.PartnerName}</Table.Td>
                  <Table.Td>{productName(a.ProductOrderID)}</Table.Td>
                  <Table.Td>{a.Comments ?? '—'}</Table.Td>
                  <Table.Td ta="right">{formatMoney(a.Amount, i18n.language)}</Table.Td>
                  <Table.Td ta="right">
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button size="compact-xs" variant="subtle" onClick={() => setEditing(a)}>
                        {t('orders.adjustments.edit')}
                      </Button>
                      <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(a)}>
                        {t('orders.adjustments.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <AdjustmentModal editing={editing} order={order} onClose={() => setEditing(null)} />
      <Modal
        opened={deleting !== null}
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
        title={t('orders.adjustments.deleteTitle')}
      >
        <Stack gap="sm">
          <Text size="sm">
            {deleting &&
              t('orders.adjustments.deleteConfirm', {
                partner: deleting.PartnerName,
                amount: formatMoney(deleting.Amount, i18n.language),
              })}
          </Text>
          {remove.isError && <Alert color="red">{errorMessage(remove.error)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('orders.office.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutate(
                  { id: deleting.ProductOrderAdjustmentID, version: deleting.Version },
                  { onSuccess: () => setDeleting(null) },
                )
              }
            >
              {t('orders.adjustments.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/** A card of the order's record (status history, commission pieces): a table, or a sentence when empty. */
function HistoryCard({
  title,
  empty,
  testId,
  head,
  children,
}: {
  title: string;
  /** The sentence shown instead of the table, or null when there are rows. */
  empty: string | null;
  testId: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {empty !== null ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing={6} data-testid={testId}>
            <Table.Thead>
              <Table.Tr>{head}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>{children}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

function AdjustmentModal({
  editing,
  order,
  onClose,
}: {
  editing: ProductOrderAdjustment | 'new' | null;
  order: WorkOrderDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveAdjustment();
  const [key, setKey] = useState<typeof editing>(null);
  const [product, setProduct] = useState<string | null>(null);
  const [partner, setPartner] = useState('');
  const [amount, setAmount] = useState<number | string>('');
  const [comments, setComments] = useState('');
  if (key !== editing) {
    setKey(editing);
    save.reset();
    const a = editing === 'new' ? null : editing;
    setProduct(
      a
        ? String(a.ProductOrderID)
        : order.ProductOrders[0]
          ? String(order.ProductOrders[0].ProductOrderID)
          : null,
    );
    setPartner(a?.PartnerName ?? '');
    setAmount(a?.Amount ?? '');
    setComments(a?.Comments ?? '');
  }
  const errors = save.isError ? serverFieldErrors(save.error) : {};
  const existing = editing !== 'new' && editing !== null ? editing : null;
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={existing ? t('orders.adjustments.editTitle') : t('orders.adjustments.add')}
    >
      <Stack gap="sm">
        <Select
          label={t('orders.detail.product')}
          data={order.ProductOrders.map((p) => ({ value: String(p.ProductOrderID), label: p.ProductName }))}
          value={product}
          onChange={setProduct}
          disabled={existing !== null}
          error={errors.ProductOrderID}
          required
        />
        <TextInput
          label={t('orders.adjustments.partner')}
          value={partner}
          onChange={(e) => setPartner(e.currentTarget.value)}
          error={errors.PartnerName}
          required
          data-autofocus
        />
        <NumberInput
          label={t('orders.detail.amount')}
          value={amount}
          onChange={setAmount}
          decimalScale={2}
          error={errors.Amount}
          required
        />
        <Textarea
          label={t('orders.office.comments')}
          value={comments}
          onChange={(e) => setComments(e.currentTarget.value)}
          error={errors.Comments}
          autosize
        />
        <SaveActions
          error={save.isError ? errorMessage(save.error) : null}
          pending={save.isPending}
          onCancel={onClose}
          onSave={() => {
            const common = {
              PartnerName: partner,
              Amount: typeof amount === 'number' ? amount : Number(amount || 'NaN'),
              Comments: comments.trim() || null,
            };
            save.mutate(
              existing
                ? { id: existing.ProductOrderAdjustmentID, body: { ...common, Version: existing.Version } }
                : { id: null, body: { ...common, ProductOrderID: Number(product) } },
              { onSuccess: onClose },
            );
          }}
        />
      </Stack>
    </Modal>
  );
}
