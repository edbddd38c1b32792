// Tax information and deductions of a corporation (those who may update it): the federal number
// follows the country's format, a percent deduction needs a rate and a fixed one an amount; a stale
// Version (409) offers to reload.
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { formFields } from '../../api/save-problems';
import { type Corporation, type TaxInfo, TaxInfoSave } from '../../contract/organisation';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';
import { type SaveProblem, saveForm, useSaveTaxInfo, useTaxInfo } from './api';
import { ProblemAlert, SubmitWithSaved } from './parts';

interface DeductionRow {
  Name: string;
  DeductionTypeID: 1 | 2;
  Rate: number | null;
  Amount: number | null;
  IsActive: boolean;
}

/** The keys the card shows beside a field: a refusal of only these has no banner. */
const TAX_FIELDS = formFields(
  'FederalTaxNumber',
  'StateTaxNumber',
  'WorkersCompNumber',
  'Deductions.*.Name',
  'Deductions.*.Rate',
  'Deductions.*.Amount',
);

export function TaxInfoCard({ corp }: { corp: Corporation }) {
  const { t } = useTranslation();
  const info = useTaxInfo(corp.IcdCorporationID, corp.Access.CanUpdate);
  const save = useSaveTaxInfo();
  const [federal, setFederal] = useState('');
  const [stateNo, setStateNo] = useState('');
  const [wc, setWc] = useState('');
  const [rows, setRows] = useState<DeductionRow[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saved, setSaved] = useState(false);

  const load = (d: TaxInfo) => {
    setFederal(d.FederalTaxNumber ?? '');
    setStateNo(d.StateTaxNumber ?? '');
    setWc(d.WorkersCompNumber ?? '');
    setRows(
      d.Deductions.map((x) => ({
        Name: x.Name,
        DeductionTypeID: x.DeductionTypeID === 2 ? 2 : 1,
        Rate: x.Rate,
        Amount: x.Amount,
        IsActive: x.IsActive,
      })),
    );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: load only sets this form's state
  useEffect(() => {
    if (info.data) load(info.data);
  }, [info.data]);

  if (info.isPending) return <Loader size="sm" />;
  if (info.isError)
    return (
      <Alert color="red" title={t('organisation.tax.loadFailed')}>
        {errorMessage(info.error)}
      </Alert>
    );

  const setRow = (i: number, patch: Partial<DeductionRow>) => {
    setRows((r) => r.map((x, j) => (j === i ? { ...x, ...patch } : x)));
    setSaved(false);
  };

  const removeRow = (i: number) => setRows((r) => r.filter((_, j) => j !== i));
  type Line = { row: DeductionRow; index: number };
  const columns: ResponsiveColumn<Line>[] = [
    {
      key: 'name',
      label: t('organisation.tax.name'),
      cell: ({ row, index: i }) => (
        <TextInput
          aria-label={t('organisation.tax.name')}
          value={row.Name}
          onChange={(e) => setRow(i, { Name: e.currentTarget.value })}
          error={errors[`Deductions.${i}.Name`]}
        />
      ),
    },
    {
      key: 'type',
      label: t('organisation.tax.type'),
      cell: ({ row, index: i }) => (
        <Select
          aria-label={t('organisation.tax.type')}
          data={[
            { value: '1', label: t('organisation.tax.percent') },
            { value: '2', label: t('organisation.tax.fixed') },
          ]}
          value={String(row.DeductionTypeID)}
          onChange={(v) => setRow(i, { DeductionTypeID: v === '2' ? 2 : 1 })}
          allowDeselect={false}
        />
      ),
    },
    {
      key: 'value',
      label: t('organisation.tax.value'),
      cell: ({ row, index: i }) =>
        row.DeductionTypeID === 1 ? (
          <NumberInput
            aria-label={t('organisation.tax.rate')}
            suffix=" %"
            min={0}
            max={100}
            decimalScale={3}
            value={row.Rate ?? ''}
            onChange={(v) => setRow(i, { Rate: typeof v === 'number' ? v : null })}
            error={errors[`Deductions.${i}.Rate`]}
          />
        ) : (
          <NumberInput
            aria-label={t('organisation.tax.amount')}
            prefix="$"
            min={0}
            decimalScale={2}
            value={row.Amount ?? ''}
            onChange={(v) => setRow(i, { Amount: typeof v === 'number' ? v : null })}
            error={errors[`Deductions.${i}.Amount`]}
          />
        ),
    },
    {
      key: 'active',
      label: t('organisation.tax.active'),
      cell: ({ row, index: i }) => (
        <Switch
          aria-label={t('organisation.tax.active')}
          checked={row.IsActive}
          onChange={(e) => setRow(i, { IsActive: e.currentTarget.checked })}
        />
      ),
    },
  ];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const body = {
      FederalTaxNumber: federal,
      StateTaxNumber: stateNo,
      WorkersCompNumber: wc,
      Deductions: rows,
      Version: info.data?.Version ?? 0,
    };
    const done = await saveForm(
      TaxInfoSave,
      body,
      (data) => save.mutateAsync({ id: corp.IcdCorporationID, body: data }),
      { setErrors, setProblem, failed: t('organisation.saveFailed') },
    );
    if (done) setSaved(true);
  };

  return (
    <Card withBorder padding="md" component="form" onSubmit={submit} noValidate>
      <Title order={2} size="h4" mb="sm">
        {t('organisation.tax.title')}
      </Title>
      <Stack gap="sm">
        <ProblemAlert
          problem={problem}
          fields={TAX_FIELDS}
          onReload={async () => {
            setProblem(null);
            const fresh = await info.refetch();
            if (fresh.data) load(fresh.data);
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t(`organisation.tax.federal.${corp.CountryID === 1 ? '1' : '2'}`)}
            value={federal}
            onChange={(e) => setFederal(e.currentTarget.value)}
            error={errors.FederalTaxNumber}
          />
          <TextInput
            label={t(`organisation.tax.state.${corp.CountryID === 1 ? '1' : '2'}`)}
            value={stateNo}
            onChange={(e) => setStateNo(e.currentTarget.value)}
            error={errors.StateTaxNumber}
          />
          <TextInput
            label={t('organisation.tax.workersComp')}
            value={wc}
            onChange={(e) => setWc(e.currentTarget.value)}
            error={errors.WorkersCompNumber}
          />
        </SimpleGrid>
        <Title order={3} size="h5">
          {t('organisation.tax.deductions')}
        </Title>
        <ResponsiveTable
          label={t('organisation.tax.deductions')}
          rows={rows.map((row, index) => ({ row, index }))}
          rowKey={(x) => x.index}
          title={(x) => x.row.Name || t('organisation.tax.deductionN', { n: x.index + 1 })}
          columns={columns}
          actions={(x, layout) =>
            layout === 'cards' ? (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => removeRow(x.index)}
              >
                {t('organisation.tax.remove', { name: x.row.Name })}
              </Button>
            ) : (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('organisation.tax.remove', { name: x.row.Name })}
                onClick={() => removeRow(x.index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )
          }
          tableProps={{ verticalSpacing: 4 }}
        />
        <Group justify="space-between">
          <Button
            variant="subtle"
            leftSection={<IconPlus size={14} />}
            onClick={() =>
              setRows((r) => [
                ...r,
                { Name: '', DeductionTypeID: 1, Rate: null, Amount: null, IsActive: true },
              ])
            }
          >
            {t('organisation.tax.add')}
          </Button>
          <Group>
            <SubmitWithSaved saved={saved} pending={save.isPending} label={t('organisation.tax.save')} />
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
