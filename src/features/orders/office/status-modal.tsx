// The status change of one product order on its work order's page: a status the rule allows, the day
// it took effect (not before the sale) and comments. A refusal's reason for one of these fields is said
// beside it; the banner says the rest, and a product order changed meanwhile (409).
import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../../api/field-errors';
import { formFields } from '../../../api/save-problems';
import type { ProductOrder, ProductOrderStatus } from '../../../contract/orders';
import { notify } from '../../../ui/notify';
import { RefusalBanner } from '../../../ui/refusal-banner';
import { useBulkStatusChange } from '../api/office';
import { localDay, statusTargets } from './helpers';

/** The fields of the one change sent (row 0 of the bulk call) a refusal is said beside. */
const CHANGE_FIELDS = formFields(
  'Changes.0.ProductOrderStatusID',
  'Changes.0.StatusDate',
  'Changes.0.Comments',
);

export function StatusModal({
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
  // The server names the row 'Changes[0].…'; a schema check names it 'Changes.0.…'.
  const field = (name: string) => fields[`Changes[0].${name}`] ?? fields[`Changes.0.${name}`];
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
            error={field('ProductOrderStatusID')}
            required
            data-autofocus
          />
          <TextInput
            type="date"
            label={t('orders.office.statusDate')}
            value={day}
            min={saleDate}
            onChange={(e) => setDay(e.currentTarget.value)}
            error={field('StatusDate')}
            required
          />
          <Textarea
            label={t('orders.office.comments')}
            value={comments}
            onChange={(e) => setComments(e.currentTarget.value)}
            error={field('Comments')}
            autosize
            minRows={2}
          />
          <RefusalBanner error={change.isError ? change.error : null} isField={CHANGE_FIELDS} />
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
