// One work order (back office, tablet friendly): the customer and the lead it came from, the products
// ordered with their status (changed one at a time, only to the statuses the rule allows), the status
// history (who, when, from → to), the commission pieces and chargebacks written to the rep's pay
// periods, the partner adjustments (add, edit, delete) and the order's own fields (saved with Version;
// a 409 shows the current record).
import {
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
import { serverFieldErrors } from '../../../api/field-errors';
import { hasGrant } from '../../../api/permissions';
import { formFields } from '../../../api/save-problems';
import { useSessionData } from '../../../app/app-context';
import {
  ORDERS_WRITE,
  type ProductOrder,
  type ProductOrderAdjustment,
  type WorkOrderDetail,
} from '../../../contract/orders';
import { formatDateTime } from '../../../lib/date-display';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { QueryView } from '../../../ui/query-view';
import { RefusalBanner } from '../../../ui/refusal-banner';
import { ScrollTable } from '../../../ui/scroll-table';
import { useDeleteAdjustment, useSaveAdjustment, useStatuses, useWorkOrder } from '../api/office';
import { AddProductModal } from './add-product-modal';
import { formatDay, formatMoney, STATUS_KIND_COLOURS, statusTargets } from './helpers';
import { OrderFields } from './order-fields';
import { SaveActions } from './save-actions';
import { StatusModal } from './status-modal';

/** The adjustment dialog's fields a refusal is said beside; any other reason is said in the banner. */
const ADJUSTMENT_FIELDS = formFields('ProductOrderID', 'PartnerName', 'Amount', 'Comments');

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
  const when = (d: Date | string) => formatDateTime(d);
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
            <ScrollTable label={t('orders.detail.products')} minWidth={560}>
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
            </ScrollTable>
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
        <ScrollTable label={t('orders.adjustments.title')} minWidth={560}>
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
        </ScrollTable>
      )}
      <AdjustmentModal editing={editing} order={order} onClose={() => setEditing(null)} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
        title={t('orders.adjustments.deleteTitle')}
        message={
          deleting &&
          t('orders.adjustments.deleteConfirm', {
            partner: deleting.PartnerName,
            amount: formatMoney(deleting.Amount, i18n.language),
          })
        }
        error={remove.isError ? remove.error : null}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: deleting.ProductOrderAdjustmentID, version: deleting.Version },
            { onSuccess: () => setDeleting(null) },
          )
        }
      />
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
        <ScrollTable label={title} minWidth={480}>
          <Table verticalSpacing={6} data-testid={testId}>
            <Table.Thead>
              <Table.Tr>{head}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>{children}</Table.Tbody>
          </Table>
        </ScrollTable>
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
          banner={<RefusalBanner error={save.isError ? save.error : null} isField={ADJUSTMENT_FIELDS} />}
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
