// The applicant's application, step by step (phone first): the policy's reference fields grouped into
// steps (personal, contact, tax and ids, bank, documents), then a review step that submits. Field
// values are saved through the offline command onboardingField.save: with a poor connection they stay
// on the device (outbox and draft) and the sync engine sends them when back online; the form shows the
// device's value over the server's until it is sent. Bank, documents and Submit need the connection.
import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  List,
  PasswordInput,
  Select,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConnection } from '../../../api/connection';
import { errorMessage, ResponseError } from '../../../api/errors';
import { useSyncEngine } from '../../../app/app-context';
import type {
  OnboardingApplication,
  OnboardingApplicationPatch,
  OnboardingFieldValue,
} from '../../../contract/onboarding';
import { MAX_ONBOARDING_FILE_BYTES, ONBOARDING_FILE_TYPES } from '../../../contract/onboarding';
import { listDrafts } from '../../../offline/db';
import { MaskedInput } from '../../../ui/masked-input';
import { usePatchOwnApplication, useUploadDocument } from './api';
import { FIELD_ENTITY, saveFieldCommand } from './commands';
import { fieldErrorsOf } from './errors';
import { commentsByStep, formValue, STEP_KEYS, type StepKey, stepOfField } from './steps';

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function ApplicationFlow({
  application: a,
  userId,
}: {
  application: OnboardingApplication;
  userId: string;
}) {
  const { t } = useTranslation();
  const k = (key: string, o?: Record<string, unknown>) => t(`onboarding-applicant.flow.${key}`, o ?? {});
  const engine = useSyncEngine();
  const online = useConnection().online;
  const patch = usePatchOwnApplication(a.OnboardingApplicationID);
  const upload = useUploadDocument(a.OnboardingApplicationID);
  const drafts = useLiveQuery(() => listDrafts(userId, FIELD_ENTITY), [userId]);
  const comments = commentsByStep(a.ReviewComments);

  // The device's unsent values (drafts not yet acknowledged) over the server's.
  const local = useMemo(() => {
    const m = new Map<number, string | null>();
    for (const d of drafts ?? []) {
      const data = d.data as {
        OnboardingApplicationID?: number;
        OnboardingReferenceFieldID?: number;
        Value?: string | null;
      };
      if (d.status === 'synced' || data.OnboardingApplicationID !== a.OnboardingApplicationID) continue;
      if (data.OnboardingReferenceFieldID) m.set(data.OnboardingReferenceFieldID, data.Value ?? null);
    }
    return m;
  }, [drafts, a.OnboardingApplicationID]);

  const steps = STEP_KEYS.filter((s) => {
    if (s === 'bank' || s === 'documents' || s === 'review') return true;
    return a.Fields.some((f) => stepOfField(f.Name) === s);
  });
  const firstWithComment = steps.findIndex((s) => comments[s]);
  // The step is in the address (?step=bank): it survives the page being drawn again (e.g. when the
  // connection comes back) and a reload.
  const [params, setParams] = useSearchParams();
  const fromUrl = steps.indexOf(params.get('step') as StepKey);
  const active = fromUrl >= 0 ? fromUrl : firstWithComment >= 0 ? firstWithComment : 0;
  const setActive = (to: number | ((i: number) => number)) => {
    const i = typeof to === 'function' ? to(active) : to;
    const key = steps[Math.max(0, Math.min(i, steps.length - 1))];
    if (key) setParams((p) => ({ ...Object.fromEntries(p), step: key }), { replace: true });
  };
  const [values, setValues] = useState<Record<number, string>>({});
  // Masked fields started but not complete (the masked input shows them 'unfinished').
  const [unfinished, setUnfinished] = useState<ReadonlySet<number>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [bank, setBank] = useState({
    CountryID: a.Bank.CountryID ? String(a.Bank.CountryID) : null,
    BankName: a.Bank.BankName ?? '',
    RoutingNumber: a.Bank.RoutingNumber ?? '',
    InstitutionNumber: a.Bank.InstitutionNumber ?? '',
    AccountNumber: '',
  });

  const shownValue = (f: OnboardingFieldValue): string => {
    if (f.OnboardingReferenceFieldID in values) return values[f.OnboardingReferenceFieldID] ?? '';
    const l = local.get(f.OnboardingReferenceFieldID);
    if (l !== undefined) return l ?? '';
    return f.IsMasked ? '' : formValue(f.Value);
  };
  const step: StepKey = steps[active] ?? 'review';
  const fieldsOf = (s: StepKey) => a.Fields.filter((f) => stepOfField(f.Name) === s);

  async function saveFields(s: StepKey): Promise<boolean> {
    const changed = fieldsOf(s).filter((f) => f.OnboardingReferenceFieldID in values);
    const bad: Record<string, string> = {};
    for (const f of changed)
      if (unfinished.has(f.OnboardingReferenceFieldID)) bad[f.OnboardingReferenceFieldID] = k('unfinished');
    setErrors(bad);
    if (Object.keys(bad).length) return false;
    for (const f of changed) {
      const v = values[f.OnboardingReferenceFieldID] ?? '';
      await saveFieldCommand.enqueue(userId, {
        OnboardingApplicationID: a.OnboardingApplicationID,
        OnboardingReferenceFieldID: f.OnboardingReferenceFieldID,
        Value: v === '' ? null : v,
      });
    }
    if (changed.length) void engine?.syncNow();
    setValues((cur) => {
      const next = { ...cur };
      for (const f of changed) delete next[f.OnboardingReferenceFieldID];
      return next;
    });
    return true;
  }

  // The applicant's own changes (bank, submit) go on the latest version: field saves sent by the sync
  // engine meanwhile move the application's Version, so a stale one is retried once on the current
  // record the 409 carries (a refusal — submitted, closed — carries none and is shown).
  async function patchLatest(body: Omit<OnboardingApplicationPatch, 'Version'>) {
    try {
      return await patch.mutateAsync({ ...body, Version: a.Version });
    } catch (err) {
      const current =
        err instanceof ResponseError && err.status === 409
          ? (err.data as { Current?: { Version?: number } } | null)?.Current
          : undefined;
      if (typeof current?.Version !== 'number') throw err;
      return await patch.mutateAsync({ ...body, Version: current.Version });
    }
  }

  async function saveBank(): Promise<boolean> {
    const touched = bank.BankName || bank.RoutingNumber || bank.AccountNumber || bank.CountryID;
    if (!touched) return true;
    try {
      await engine?.syncNow();
      await patchLatest({
        Bank: {
          CountryID: Number(bank.CountryID) as 1 | 2,
          BankName: bank.BankName,
          RoutingNumber: bank.RoutingNumber,
          InstitutionNumber: bank.InstitutionNumber || null,
          ...(bank.AccountNumber ? { AccountNumber: bank.AccountNumber } : {}),
        },
      });
      setErrors({});
      return true;
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      notifications.show({ color: 'red', title: k('saveFailed'), message: errorMessage(err) });
      return false;
    }
  }

  async function next() {
    setBusy(true);
    try {
      const ok = step === 'bank' ? await saveBank() : step === 'documents' ? true : await saveFields(step);
      if (ok) setActive((i) => Math.min(i + 1, steps.length - 1));
    } finally {
      setBusy(false);
    }
  }

  async function submit() {
    setSubmitError(null);
    setBusy(true);
    try {
      await engine?.syncNow();
      await patchLatest({ Action: 'Submit' });
    } catch (err) {
      setSubmitError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const fieldInput = (f: OnboardingFieldValue) => {
    const id = f.OnboardingReferenceFieldID;
    const pending = local.has(id);
    const label = (
      <Group gap={6} component="span">
        <span>{f.Name}</span>
        {f.RequiredAtStatus && (
          <Badge size="xs" variant="light" color="gray" component="span">
            {k('requiredAt', { status: f.RequiredAtStatus })}
          </Badge>
        )}
        {pending && (
          <Badge size="xs" variant="light" color="orange" component="span" data-testid="field-waiting">
            {k('waiting')}
          </Badge>
        )}
      </Group>
    );
    const description =
      f.IsMasked && !(id in values) && !pending ? k('savedHidden', { value: String(f.Value) }) : undefined;
    const common = {
      label,
      description,
      error: errors[id],
      'data-field': f.Name,
    };
    const set = (v: string) => setValues((cur) => ({ ...cur, [id]: v }));
    if (f.InputMask)
      return (
        <MaskedInput
          key={id}
          {...common}
          mask={f.InputMask}
          inputMode="numeric"
          value={shownValue(f)}
          onChange={(r) => {
            set(r.empty ? '' : r.masked);
            setUnfinished((cur) => {
              const next = new Set(cur);
              if (r.empty || r.complete) next.delete(id);
              else next.add(id);
              return next;
            });
          }}
        />
      );
    if (f.ValueType === 'Date')
      return (
        <TextInput
          key={id}
          {...common}
          type="date"
          value={shownValue(f)}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
    if (f.ValueType === 'Boolean')
      return (
        <Select
          key={id}
          {...common}
          data={[
            { value: 'true', label: t('common.yes') },
            { value: 'false', label: t('common.no') },
          ]}
          value={shownValue(f) || null}
          onChange={(v) => set(v ?? '')}
        />
      );
    return (
      <TextInput
        key={id}
        {...common}
        inputMode={f.ValueType === 'Number' ? 'decimal' : undefined}
        value={shownValue(f)}
        onChange={(e) => set(e.currentTarget.value)}
      />
    );
  };

  const stepBody = (s: StepKey) => {
    if (s === 'bank')
      return (
        <Stack gap="sm">
          {fieldsOf('bank').map(fieldInput)}
          {!online && <Alert color="gray">{k('needsConnection')}</Alert>}
          <Select
            label={k('bank.country')}
            data={[
              { value: '2', label: k('bank.canada') },
              { value: '1', label: k('bank.usa') },
            ]}
            value={bank.CountryID}
            onChange={(v) => setBank((b) => ({ ...b, CountryID: v }))}
            error={errors['Bank.CountryID']}
          />
          <TextInput
            label={k('bank.name')}
            value={bank.BankName}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setBank((b) => ({ ...b, BankName: v }));
            }}
            error={errors['Bank.BankName']}
          />
          <TextInput
            label={bank.CountryID === '1' ? k('bank.routing') : k('bank.transit')}
            inputMode="numeric"
            value={bank.RoutingNumber}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setBank((b) => ({ ...b, RoutingNumber: v }));
            }}
            error={errors['Bank.RoutingNumber']}
          />
          {bank.CountryID !== '1' && (
            <TextInput
              label={k('bank.institution')}
              inputMode="numeric"
              value={bank.InstitutionNumber}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setBank((b) => ({ ...b, InstitutionNumber: v }));
              }}
              error={errors['Bank.InstitutionNumber']}
            />
          )}
          <PasswordInput
            label={k('bank.account')}
            description={a.Bank.AccountNumber ? k('savedHidden', { value: a.Bank.AccountNumber }) : undefined}
            inputMode="numeric"
            value={bank.AccountNumber}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setBank((b) => ({ ...b, AccountNumber: v }));
            }}
            error={errors['Bank.AccountNumber']}
          />
        </Stack>
      );
    if (s === 'documents') return <Documents application={a} upload={upload} online={online} />;
    if (s === 'review')
      return (
        <Stack gap="sm" data-testid="review-step">
          {a.Missing.length > 0 ? (
            <Alert color="yellow" title={k('missingTitle')} data-testid="missing">
              <List size="sm">
                {a.Missing.map((m) => (
                  <List.Item key={m}>{m}</List.Item>
                ))}
              </List>
            </Alert>
          ) : (
            <Text size="sm">{k('readyToSubmit')}</Text>
          )}
          {local.size > 0 && <Alert color="orange">{k('waitingToSend', { count: local.size })}</Alert>}
          {!online && <Alert color="gray">{k('needsConnection')}</Alert>}
          {submitError && (
            <Alert color="red" role="alert" data-testid="submit-error">
              {submitError}
            </Alert>
          )}
        </Stack>
      );
    return <Stack gap="sm">{fieldsOf(s).map(fieldInput)}</Stack>;
  };

  return (
    <Stack gap="md" data-testid="application-flow" data-stage={a.Stage}>
      {a.Stage === 'Reviewed' && (
        <Alert color="orange" title={k('reviewedTitle')} data-testid="review-comments">
          <Text size="sm">{k('reviewedBody')}</Text>
        </Alert>
      )}
      <Stepper
        active={active}
        onStepClick={setActive}
        size="sm"
        orientation="horizontal"
        allowNextStepsSelect
        styles={{ steps: { flexWrap: 'wrap', rowGap: 8 }, separator: { minWidth: 8 } }}
      >
        {steps.map((s) => (
          <Stepper.Step
            key={s}
            label={k(`step.${s}`)}
            color={comments[s] ? 'orange' : undefined}
            data-testid={`step-${s}`}
          />
        ))}
      </Stepper>
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {k(`step.${step}`)}
          </Title>
          {comments[step]?.map((c) => (
            <Alert key={c} color="orange" data-testid="step-comment">
              {c}
            </Alert>
          ))}
          {stepBody(step)}
          <Group justify="space-between" mt="sm">
            <Button variant="default" disabled={active === 0 || busy} onClick={() => setActive((i) => i - 1)}>
              {k('back')}
            </Button>
            {step === 'review' ? (
              <Button onClick={() => void submit()} loading={busy} disabled={!online} data-testid="submit">
                {k('submit')}
              </Button>
            ) : (
              <Button onClick={() => void next()} loading={busy} data-testid="save-next">
                {k('saveNext')}
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

function Documents({
  application: a,
  upload,
  online,
}: {
  application: OnboardingApplication;
  upload: ReturnType<typeof useUploadDocument>;
  online: boolean;
}) {
  const { t } = useTranslation();
  const k = (key: string, o?: Record<string, unknown>) => t(`onboarding-applicant.flow.${key}`, o ?? {});
  const [error, setError] = useState<string | null>(null);
  const docs = a.Documents;
  async function send(file: File | null) {
    setError(null);
    if (!file) return;
    if (!(ONBOARDING_FILE_TYPES as readonly string[]).includes(file.type)) return setError(k('docs.type'));
    if (file.size > MAX_ONBOARDING_FILE_BYTES) return setError(k('docs.size', { size: sizeOf(file.size) }));
    try {
      await upload.mutateAsync({ file });
    } catch (err) {
      setError(errorMessage(err));
    }
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {k('docs.hint')}
      </Text>
      {!online && <Alert color="gray">{k('needsConnection')}</Alert>}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {docs.length === 0 && <Text size="sm">{k('docs.none')}</Text>}
      {docs.map((d) => (
        <Group key={d.OnboardingApplicationDocumentID} gap="xs">
          <Badge color="teal" variant="light">
            {k('docs.uploaded')}
          </Badge>
          <Text size="sm">
            {d.OriginalName} · {sizeOf(d.Size)}
          </Text>
        </Group>
      ))}
      <FileInput
        label={k('docs.add')}
        accept={ONBOARDING_FILE_TYPES.join(',')}
        placeholder={k('docs.choose')}
        disabled={!online || upload.isPending}
        onChange={(file) => void send(file)}
        value={null}
        data-testid="document-input"
      />
    </Stack>
  );
}
