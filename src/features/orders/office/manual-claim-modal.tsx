// Filing and editing a manual claim from the office (for a rep of the offices in scope): the rep, the
// office and division of the sale, the order number, sale date, customer and comments. An edit (pending
// claims only) sends the Version: a 409 says someone else changed it. Withdrawing asks once.
import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../../api/field-errors';
import { formFields } from '../../../api/save-problems';
import type { ManualClaim } from '../../../contract/orders';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { notify } from '../../../ui/notify';
import { RefusalBanner } from '../../../ui/refusal-banner';
import { useDivisions, useOffices } from '../../employees/api';
import { useDeleteManualClaim, useRoster, useSaveManualClaim } from '../api/office';
import { localDay } from './helpers';

interface Values {
  EmployeeID: string | null;
  IcdOfficeID: string | null;
  DivisionID: string | null;
  OrderNumber: string;
  SaleDate: string;
  CustomerName: string;
  Comments: string;
}

/** The fields a refusal is said beside; a refusal naming only these needs no banner (RefusalBanner). */
const CLAIM_FIELDS = formFields(
  'EmployeeID',
  'IcdOfficeID',
  'DivisionID',
  'OrderNumber',
  'SaleDate',
  'CustomerName',
  'Comments',
);

const day = (d: Date | string) => (d instanceof Date ? localDay(d) : d);

const initial = (claim: ManualClaim | null): Values => ({
  EmployeeID: claim ? String(claim.EmployeeID) : null,
  IcdOfficeID: claim ? String(claim.IcdOfficeID) : null,
  DivisionID: claim ? String(claim.DivisionID) : null,
  OrderNumber: claim?.OrderNumber ?? '',
  SaleDate: claim ? day(claim.SaleDate as Date | string) : localDay(new Date()),
  CustomerName: claim?.CustomerName ?? '',
  Comments: claim?.Comments ?? '',
});

/** `editing`: 'new', a claim to edit, or null (closed). */
export function ManualClaimModal({
  editing,
  onClose,
}: {
  editing: ManualClaim | 'new' | null;
  onClose: () => void;
}) {
  const claim = editing === 'new' ? null : editing;
  // A fresh form per claim opened (the key remounts it).
  return editing === null ? null : (
    <ClaimForm key={claim?.WorkOrderManualClaimID ?? 'new'} claim={claim} onClose={onClose} />
  );
}

function ClaimForm({ claim, onClose }: { claim: ManualClaim | null; onClose: () => void }) {
  const { t } = useTranslation();
  const roster = useRoster();
  const divisions = useDivisions();
  const officeList = useOffices();
  const save = useSaveManualClaim();
  const [values, setValues] = useState<Values>(() => initial(claim));
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const rows = roster.data ?? [];
  const people = [...new Map(rows.map((r) => [r.EmployeeID, r.FullName] as const))];
  const offices = rows
    .filter((r) => values.EmployeeID !== null && String(r.EmployeeID) === values.EmployeeID)
    .map((r) => r.IcdOfficeID);
  const fields = save.isError ? serverFieldErrors(save.error) : {};
  const submit = () => {
    const common = {
      IcdOfficeID: Number(values.IcdOfficeID),
      DivisionID: Number(values.DivisionID),
      OrderNumber: values.OrderNumber.trim(),
      SaleDate: values.SaleDate,
      CustomerName: values.CustomerName.trim() || null,
      Comments: values.Comments.trim() || null,
    };
    save.mutate(
      claim
        ? { id: claim.WorkOrderManualClaimID, body: { ...common, Version: claim.Version } }
        : { id: null, body: { ...common, EmployeeID: Number(values.EmployeeID) } },
      {
        onSuccess: () => {
          void notify({
            message: t(claim ? 'orders.manualClaim.saved' : 'orders.manualClaim.filed'),
            color: 'green',
          });
          onClose();
        },
      },
    );
  };
  const officeName = (id: number) =>
    officeList.data?.find((o) => o.IcdOfficeID === id)?.OfficeName ??
    (claim?.IcdOfficeID === id ? claim.OfficeName : `#${id}`);
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t(claim ? 'orders.manualClaim.edit' : 'orders.manualClaim.new')}
      data-testid="manual-claim-modal"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('orders.office.employee')}
            data={people.map(([id, name]) => ({ value: String(id), label: name }))}
            value={values.EmployeeID}
            onChange={(v) => set({ EmployeeID: v, IcdOfficeID: null })}
            error={fields.EmployeeID}
            disabled={claim !== null}
            searchable
            required
            data-autofocus
          />
          <Select
            label={t('orders.office.office')}
            data={[...new Set(claim ? [claim.IcdOfficeID, ...offices] : offices)].map((id) => ({
              value: String(id),
              label: officeName(id),
            }))}
            value={values.IcdOfficeID}
            onChange={(v) => set({ IcdOfficeID: v })}
            error={fields.IcdOfficeID}
            required
          />
          <Select
            label={t('orders.office.division')}
            data={(divisions.data ?? []).map((d) => ({ value: String(d.DivisionID), label: d.Name }))}
            value={values.DivisionID}
            onChange={(v) => set({ DivisionID: v })}
            error={fields.DivisionID}
            required
          />
          <TextInput
            label={t('orders.office.orderNumber')}
            value={values.OrderNumber}
            onChange={(e) => set({ OrderNumber: e.currentTarget.value })}
            error={fields.OrderNumber}
            required
          />
          <TextInput
            type="date"
            label={t('orders.office.saleDate')}
            value={values.SaleDate}
            onChange={(e) => set({ SaleDate: e.currentTarget.value })}
            error={fields.SaleDate}
            required
          />
          <TextInput
            label={t('orders.office.customer')}
            value={values.CustomerName}
            onChange={(e) => set({ CustomerName: e.currentTarget.value })}
            error={fields.CustomerName}
          />
        </SimpleGrid>
        <Textarea
          label={t('orders.office.comments')}
          value={values.Comments}
          onChange={(e) => set({ Comments: e.currentTarget.value })}
          error={fields.Comments}
          autosize
          minRows={2}
        />
        <RefusalBanner
          error={save.isError ? save.error : null}
          isField={CLAIM_FIELDS}
          stale={t('orders.manualClaim.stale')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('orders.office.cancel')}
          </Button>
          <Button
            loading={save.isPending}
            disabled={
              !values.EmployeeID ||
              !values.IcdOfficeID ||
              !values.DivisionID ||
              !values.OrderNumber.trim() ||
              !values.SaleDate
            }
            onClick={submit}
            data-testid="manual-claim-save"
          >
            {t(claim ? 'orders.manualClaim.save' : 'orders.manualClaim.file')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Asks once, then withdraws (deletes) a pending claim with its Version. */
export function WithdrawClaimModal({ claim, onClose }: { claim: ManualClaim | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteManualClaim();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDeleteModal
      opened={claim !== null}
      onClose={close}
      title={t('orders.manualClaim.withdrawTitle')}
      message={claim && t('orders.manualClaim.withdrawConfirm', { number: claim.OrderNumber })}
      error={remove.isError ? remove.error : null}
      pending={remove.isPending}
      onConfirm={() =>
        claim &&
        remove.mutate(
          { id: claim.WorkOrderManualClaimID, version: claim.Version },
          {
            onSuccess: () => {
              void notify({ message: t('orders.manualClaim.withdrawn'), color: 'green' });
              close();
            },
          },
        )
      }
      confirmLabel={t('orders.manualClaim.withdraw')}
      confirmTestId="manual-claim-withdraw"
    />
  );
}
