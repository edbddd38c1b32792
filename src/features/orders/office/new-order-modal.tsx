// A work order typed in the office (not from a lead): program, office, rep, sale day, customer and
// its products; the server's field messages show on the fields (products by row).
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { serverFieldErrors } from '../../../api/field-errors';
import { formFields } from '../../../api/save-problems';
import { RefusalBanner } from '../../../ui/refusal-banner';
import { useDivisions, useOffices } from '../../employees/api';
import { useCreateWorkOrder, useProductLines, useProducts, usePrograms, useRoster } from '../api/office';
import { localDay } from './helpers';

interface Line {
  ProductID: string | null;
  ProductLineID: string | null;
  Quantity: number | string;
}
const EMPTY_LINE: Line = { ProductID: null, ProductLineID: null, Quantity: 1 };

/** The fields a refusal is said beside; a refusal naming only these needs no banner (RefusalBanner). */
const ORDER_FIELDS = formFields(
  'DivisionID',
  'ProgramID',
  'IcdOfficeID',
  'EmployeeID',
  'SaleDate',
  'SalesChannelID',
  'CustomerName',
  'CustomerPhone',
  'OrderNumber',
  'ProductOrders',
  'ProductOrders.*.ProductID',
  'ProductOrders.*.ProductLineID',
  'ProductOrders.*.Quantity',
);

export function NewOrderModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const divisions = useDivisions();
  const offices = useOffices();
  const roster = useRoster();
  const [division, setDivision] = useState<string | null>(null);
  const [program, setProgram] = useState<string | null>(null);
  const [office, setOffice] = useState<string | null>(null);
  const [employee, setEmployee] = useState<string | null>(null);
  const [channel, setChannel] = useState<string | null>('1');
  const [saleDate, setSaleDate] = useState(() => localDay(new Date()));
  const [customer, setCustomer] = useState('');
  const [phone, setPhone] = useState('');
  const [orderNumber, setOrderNumber] = useState('');
  const [lines, setLines] = useState<Line[]>([EMPTY_LINE]);
  const divisionID = division ? Number(division) : undefined;
  const programs = usePrograms(divisionID);
  const products = useProducts({ divisionID });
  const productLines = useProductLines({ programID: program ? Number(program) : undefined, divisionID });
  const create = useCreateWorkOrder();
  const [local, setLocal] = useState<Record<string, string>>({});
  const errors = { ...(create.isError ? serverFieldErrors(create.error) : {}), ...local };
  const employees = [...new Map((roster.data ?? []).map((r) => [r.EmployeeID, r.FullName] as const))];
  const setLine = (i: number, patch: Partial<Line>) =>
    setLines((cur) => cur.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const close = () => {
    create.reset();
    setLocal({});
    onClose();
  };
  const submit = () => {
    // What the server would refuse with a bare type message is asked for in words first.
    const missing: Record<string, string> = {};
    if (!division) missing.DivisionID = t('orders.create.chooseDivision');
    if (!program) missing.ProgramID = t('orders.create.chooseProgram');
    if (!office) missing.IcdOfficeID = t('orders.create.chooseOffice');
    lines.forEach((l, i) => {
      if (!l.ProductID) missing[`ProductOrders[${i}].ProductID`] = t('orders.create.chooseProduct');
      if (!l.ProductLineID) missing[`ProductOrders[${i}].ProductLineID`] = t('orders.create.chooseLine');
    });
    setLocal(missing);
    if (Object.keys(missing).length > 0) return;
    create.mutate(
      {
        ProgramID: Number(program) || (null as unknown as number),
        IcdOfficeID: Number(office) || (null as unknown as number),
        EmployeeID: employee ? Number(employee) : null,
        SalesChannelID: (Number(channel ?? 0) as 0 | 1 | 2) ?? 0,
        SaleDate: saleDate,
        CustomerName: customer,
        CustomerPhone: phone,
        OrderNumber: orderNumber,
        ProductOrders: lines.map((l) => ({
          ProductID: Number(l.ProductID) || (null as unknown as number),
          ProductLineID: Number(l.ProductLineID) || (null as unknown as number),
          Quantity: typeof l.Quantity === 'number' ? l.Quantity : 1,
        })),
      },
      {
        onSuccess: (made) => {
          close();
          navigate(`/orders/${made.WorkOrderID}`);
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={t('orders.create.title')} size="xl">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <Select
            label={t('orders.office.division')}
            data={(divisions.data ?? []).map((d) => ({ value: String(d.DivisionID), label: d.Name }))}
            value={division}
            error={errors.DivisionID}
            onChange={(v) => {
              setDivision(v);
              setProgram(null);
              setLines([EMPTY_LINE]);
            }}
            required
            data-autofocus
          />
          <Select
            label={t('orders.office.program')}
            data={(programs.data ?? []).map((p) => ({ value: String(p.ProgramID), label: p.Name }))}
            value={program}
            onChange={setProgram}
            error={errors.ProgramID}
            disabled={!division}
            required
          />
          <Select
            label={t('orders.office.office')}
            data={(offices.data ?? []).map((o) => ({ value: String(o.IcdOfficeID), label: o.OfficeName }))}
            value={office}
            onChange={setOffice}
            error={errors.IcdOfficeID}
            searchable
            required
          />
          <Select
            label={t('orders.office.employee')}
            placeholder={t('orders.office.unclaimed')}
            data={employees.map(([id, name]) => ({ value: String(id), label: name }))}
            value={employee}
            onChange={setEmployee}
            error={errors.EmployeeID}
            searchable
            clearable
          />
          <TextInput
            type="date"
            label={t('orders.office.saleDate')}
            value={saleDate}
            onChange={(e) => setSaleDate(e.currentTarget.value)}
            error={errors.SaleDate}
            required
          />
          <Select
            label={t('orders.office.channel')}
            data={[0, 1, 2].map((c) => ({ value: String(c), label: t(`orders.channel.${c}`) }))}
            value={channel}
            onChange={setChannel}
            error={errors.SalesChannelID}
          />
          <TextInput
            label={t('orders.office.customer')}
            value={customer}
            onChange={(e) => setCustomer(e.currentTarget.value)}
            error={errors.CustomerName}
            required
          />
          <TextInput
            label={t('orders.detail.phone')}
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={errors.CustomerPhone}
          />
          <TextInput
            label={t('orders.office.orderNumber')}
            value={orderNumber}
            onChange={(e) => setOrderNumber(e.currentTarget.value)}
            error={errors.OrderNumber}
          />
        </SimpleGrid>
        <Text fw={600} size="sm">
          {t('orders.detail.products')}
        </Text>
        {lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: product rows are identified by their position
          <Group key={i} align="flex-start" wrap="wrap" gap="xs">
            <Select
              aria-label={t('orders.detail.product')}
              placeholder={t('orders.detail.product')}
              data={(products.data ?? [])
                .filter((p) => p.IsActive)
                .map((p) => ({ value: String(p.ProductID), label: p.Name }))}
              value={l.ProductID}
              onChange={(v) => setLine(i, { ProductID: v })}
              error={errors[`ProductOrders[${i}].ProductID`] ?? errors[`ProductOrders.${i}.ProductID`]}
              searchable
              w={{ base: '100%', sm: 280 }}
            />
            <Select
              aria-label={t('orders.create.line')}
              placeholder={t('orders.create.line')}
              data={(productLines.data ?? [])
                .filter((p) => p.IsActive)
                .map((p) => ({ value: String(p.ProductLineID), label: p.Name }))}
              value={l.ProductLineID}
              onChange={(v) => setLine(i, { ProductLineID: v })}
              error={
                errors[`ProductOrders[${i}].ProductLineID`] ?? errors[`ProductOrders.${i}.ProductLineID`]
              }
              disabled={!program}
              w={{ base: '100%', sm: 220 }}
            />
            <NumberInput
              aria-label={t('orders.detail.quantity')}
              value={l.Quantity}
              onChange={(v) => setLine(i, { Quantity: v })}
              min={1}
              max={1000}
              allowDecimal={false}
              error={errors[`ProductOrders[${i}].Quantity`] ?? errors[`ProductOrders.${i}.Quantity`]}
              w={90}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={6}
              disabled={lines.length === 1}
              onClick={() => setLines((cur) => cur.filter((_, j) => j !== i))}
              aria-label={t('orders.create.removeProduct')}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {errors.ProductOrders && (
          <Text size="sm" c="red">
            {errors.ProductOrders}
          </Text>
        )}
        <Group>
          <Button variant="subtle" size="xs" onClick={() => setLines((cur) => [...cur, EMPTY_LINE])}>
            {t('orders.create.addProduct')}
          </Button>
        </Group>
        <RefusalBanner error={create.isError ? create.error : null} isField={ORDER_FIELDS} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('orders.office.cancel')}
          </Button>
          <Button loading={create.isPending} onClick={submit}>
            {t('orders.create.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
