// Turn direct deposit on for an account (modal): how much goes to it (the whole net pay, a fixed
// amount or a percentage), the void cheque (PDF or image) and, where the country's bank policy uses it,
// the signed ADP direct deposit form (PDF). Files are checked here by type and size and again by the
// server by content; its refusals show under the field.
import { Button, FileInput, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../../api/field-errors';
import { formFields } from '../../../api/save-problems';
import {
  ADP_FORM_TYPES,
  type BankAccount,
  bankPolicyOf,
  DepositAmountType,
  MAX_BANK_FILE_BYTES,
  VOID_CHECK_TYPES,
} from '../../../contract/bank';
import { RefusalBanner } from '../../../ui/refusal-banner';
import { useDepositAmountTypes, useDirectDepositOn } from './api/bank-queries';
import type { FieldErrors } from './validation';

export function DirectDepositModal(props: {
  employeeId: number;
  account: BankAccount;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const types = useDepositAmountTypes(props.employeeId);
  const on = useDirectDepositOn(props.employeeId);
  const [typeId, setTypeId] = useState(String(props.account.DepositAmountTypeID ?? DepositAmountType.NetPay));
  const [amount, setAmount] = useState(
    props.account.DepositAmount === null ? '' : String(props.account.DepositAmount),
  );
  const [voidCheck, setVoidCheck] = useState<File | null>(null);
  const [adp, setAdp] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const policy = bankPolicyOf(props.account.CountryID);
  const needsAmount = Number(typeId) !== DepositAmountType.NetPay;

  function checkFile(file: File | null, accepted: readonly string[], typeKey: string): string | undefined {
    if (!file) return undefined;
    if (!accepted.includes(file.type)) return t(typeKey);
    if (file.size > MAX_BANK_FILE_BYTES) return t('bank.rules.tooLarge');
    return undefined;
  }

  async function submit() {
    const found: FieldErrors = {
      VoidCheck: checkFile(voidCheck, VOID_CHECK_TYPES, 'bank.rules.voidCheckType'),
      AdpDirectDeposit: checkFile(adp, ADP_FORM_TYPES, 'bank.rules.adpType'),
    };
    const n = Number(amount);
    if (Number(typeId) === DepositAmountType.FixedAmount && !(n > 0 && n <= 1_000_000))
      found.DepositAmount = t('bank.rules.depositAmount');
    if (Number(typeId) === DepositAmountType.Percentage && !(n > 0 && n <= 100))
      found.DepositAmount = t('bank.rules.depositPercent');
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await on.mutateAsync({
        BankAccountID: props.account.BankAccountID,
        Version: props.account.Version,
        DepositAmountTypeID: Number(typeId),
        DepositAmount: needsAmount ? amount.trim() : '',
        VoidCheck: voidCheck,
        AdpDirectDeposit: adp,
      });
      props.onClose();
    } catch (err) {
      setErrors(serverFieldErrors(err));
    }
  }

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('bank.directDepositTitle')} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Select
            label={t('bank.depositAmountType')}
            data={(types.data ?? []).map((d) => ({
              value: String(d.DepositAmountTypeID),
              label: t(`bank.depositTypes.${d.DepositAmountTypeID}`, { defaultValue: d.Name }),
            }))}
            value={typeId}
            onChange={(v) => setTypeId(v ?? String(DepositAmountType.NetPay))}
            allowDeselect={false}
            error={errors.DepositAmountTypeID}
            data-autofocus
          />
          {needsAmount && (
            <TextInput
              label={Number(typeId) === DepositAmountType.Percentage ? t('bank.percent') : t('bank.amount')}
              inputMode="decimal"
              required
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              error={errors.DepositAmount}
            />
          )}
          <FileInput
            label={t('bank.voidCheck')}
            description={t('bank.voidCheckHelp')}
            accept={VOID_CHECK_TYPES.join(',')}
            clearable
            leftSection={<IconFileUpload size={16} />}
            placeholder={props.account.VoidCheckFileName ?? t('bank.chooseFile')}
            value={voidCheck}
            onChange={(f) => {
              setVoidCheck(f);
              setErrors((e) => ({ ...e, VoidCheck: undefined }));
            }}
            error={errors.VoidCheck}
            data-testid="bank-void-check"
          />
          {policy.supportAdpDirectDepositForm && (
            <FileInput
              label={t('bank.adpForm')}
              description={t('bank.adpFormHelp')}
              accept={ADP_FORM_TYPES.join(',')}
              clearable
              leftSection={<IconFileUpload size={16} />}
              placeholder={props.account.AdpDirectDepositFileName ?? t('bank.chooseFile')}
              value={adp}
              onChange={(f) => {
                setAdp(f);
                setErrors((e) => ({ ...e, AdpDirectDeposit: undefined }));
              }}
              error={errors.AdpDirectDeposit}
            />
          )}
          <RefusalBanner
            error={on.isError ? on.error : null}
            isField={formFields(
              'DepositAmountTypeID',
              'VoidCheck',
              ...(needsAmount ? ['DepositAmount'] : []),
              ...(policy.supportAdpDirectDepositForm ? ['AdpDirectDeposit'] : []),
            )}
            stale={t('bank.conflict')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('bank.cancel')}
            </Button>
            <Button type="submit" loading={on.isPending}>
              {t('bank.turnOn')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
