// Self sign-up (public): the division (its onboarding policy enables self sign-up) and office, then
// the applicant and a password checked against the server's password policy as it is typed. The
// server creates the application (IsSelfSignUp) and the account; the applicant is then signed in and
// lands on their application.
import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  PasswordInput,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../api/errors';
import { useAppServices } from '../../../app/app-context';
import { passwordProblems, passwordStrength } from '../../../contract/auth';
import { ApplicantFields } from '../../../contract/onboarding';
import { AuthLayout } from '../../account/auth-layout';
import { signInAs, usePasswordPolicy, useSelfSignUp, useSelfSignUpDivisions } from './api';
import { fieldErrorsOf } from './errors';

type Form = {
  DivisionID: string | null;
  IcdOfficeID: string | null;
  FirstName: string;
  LastName: string;
  EmailAddress: string;
  UserName: string;
  PhoneNumber: string;
  Extension: string;
  DateOfBirth: string;
  Password: string;
  Confirm: string;
};

const EMPTY: Form = {
  DivisionID: null,
  IcdOfficeID: null,
  FirstName: '',
  LastName: '',
  EmailAddress: '',
  UserName: '',
  PhoneNumber: '',
  Extension: '',
  DateOfBirth: '',
  Password: '',
  Confirm: '',
};

export default function SignUpPage() {
  const { t } = useTranslation();
  const k = (key: string, o?: Record<string, unknown>) => t(`onboarding-applicant.signUp.${key}`, o ?? {});
  const navigate = useNavigate();
  const { session } = useAppServices();
  const divisions = useSelfSignUpDivisions();
  const policy = usePasswordPolicy();
  const signUp = useSelfSignUp();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  const division = divisions.data?.find((d) => String(d.DivisionID) === form.DivisionID);
  const names = { FirstName: form.FirstName, LastName: form.LastName };
  const problems = policy.data ? passwordProblems(policy.data, form.Password, names) : [];
  const strength = policy.data ? passwordStrength(policy.data, form.Password, names) : 0;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const applicant = {
      FirstName: form.FirstName,
      LastName: form.LastName,
      EmailAddress: form.EmailAddress,
      UserName: form.UserName,
      CellPhone: form.PhoneNumber.trim()
        ? { PhoneNumber: form.PhoneNumber, Extension: form.Extension.trim() || null }
        : null,
      DateOfBirth: form.DateOfBirth || null,
    };
    const next: Record<string, string> = {};
    if (!form.DivisionID) next.DivisionID = k('divisionRequired');
    if (!form.IcdOfficeID) next.IcdOfficeID = k('officeRequired');
    const parsed = ApplicantFields.safeParse(applicant);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = `Applicant.${issue.path.join('.')}`;
        next[key] ??= issue.message;
      }
    if (!form.Password) next.Password = k('passwordRequired');
    else if (problems.length) next.Password = problems[0] ?? '';
    else if (form.Password !== form.Confirm) next.Confirm = k('confirmMismatch');
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      await signUp.mutateAsync({
        IsSelfSignUp: true,
        DivisionID: Number(form.DivisionID),
        IcdOfficeID: Number(form.IcdOfficeID),
        Password: form.Password,
        Applicant: applicant,
      });
      if (await signInAs(form.UserName, form.Password, '/application')) {
        session.markSignedIn();
        navigate('/application', { replace: true });
      } else navigate('/account/login?returnUrl=%2Fapplication', { replace: true });
    } catch (err) {
      const byField = fieldErrorsOf(err);
      setErrors(byField);
      setError(errorMessage(err, { t: (key) => t(key) }));
    } finally {
      setBusy(false);
    }
  }

  const e = (name: string) => errors[name];
  return (
    <AuthLayout title={k('title')}>
      <Text size="sm" c="dimmed">
        {k('intro')}
      </Text>
      {divisions.isError && (
        <Alert color="red" role="alert">
          {k('divisionsFailed')}
          <Button variant="light" size="xs" mt="xs" onClick={() => void divisions.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {divisions.data && divisions.data.length === 0 && (
        <Alert color="gray" data-testid="sign-up-closed">
          {k('closed')}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="sign-up-error">
          {error}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate data-testid="sign-up-form">
        <Stack gap="sm">
          <Select
            label={k('division')}
            data={(divisions.data ?? []).map((d) => ({ value: String(d.DivisionID), label: d.Name }))}
            value={form.DivisionID}
            onChange={(v) => set({ DivisionID: v, IcdOfficeID: null })}
            error={e('DivisionID')}
            disabled={divisions.isPending}
            required
            allowDeselect={false}
          />
          <Select
            label={k('office')}
            data={(division?.Offices ?? []).map((o) => ({
              value: String(o.IcdOfficeID),
              label: `${o.OfficeName} — ${o.City}, ${o.StateProvince}`,
            }))}
            value={form.IcdOfficeID}
            onChange={(v) => set({ IcdOfficeID: v })}
            error={e('IcdOfficeID')}
            disabled={!division}
            required
            allowDeselect={false}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={k('firstName')}
              value={form.FirstName}
              onChange={(ev) => set({ FirstName: ev.currentTarget.value })}
              error={e('Applicant.FirstName')}
              autoComplete="given-name"
              required
            />
            <TextInput
              label={k('lastName')}
              value={form.LastName}
              onChange={(ev) => set({ LastName: ev.currentTarget.value })}
              error={e('Applicant.LastName')}
              autoComplete="family-name"
              required
            />
          </SimpleGrid>
          <TextInput
            label={k('email')}
            type="email"
            value={form.EmailAddress}
            onChange={(ev) => set({ EmailAddress: ev.currentTarget.value })}
            error={e('Applicant.EmailAddress')}
            autoComplete="email"
            required
          />
          <TextInput
            label={k('userName')}
            value={form.UserName}
            onChange={(ev) => set({ UserName: ev.currentTarget.value })}
            error={e('Applicant.UserName')}
            autoComplete="username"
            autoCapitalize="none"
            required
          />
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={k('cellPhone')}
              type="tel"
              value={form.PhoneNumber}
              onChange={(ev) => set({ PhoneNumber: ev.currentTarget.value })}
              error={e('Applicant.CellPhone.PhoneNumber')}
              autoComplete="tel"
            />
            <TextInput
              w={90}
              label={k('extension')}
              value={form.Extension}
              onChange={(ev) => set({ Extension: ev.currentTarget.value })}
              error={e('Applicant.CellPhone.Extension')}
            />
          </Group>
          <TextInput
            label={k('dateOfBirth')}
            type="date"
            value={form.DateOfBirth}
            onChange={(ev) => set({ DateOfBirth: ev.currentTarget.value })}
            error={e('Applicant.DateOfBirth')}
            autoComplete="bday"
          />
          <PasswordInput
            label={k('password')}
            value={form.Password}
            onChange={(ev) => set({ Password: ev.currentTarget.value })}
            error={e('Password')}
            autoComplete="new-password"
            required
          />
          {form.Password && (
            <Stack gap={4} data-testid="password-rules">
              <Progress value={strength * 100} color={problems.length ? 'orange' : 'teal'} size="sm" />
              {problems.length > 0 && (
                <List size="xs" c="dimmed">
                  {problems.map((p) => (
                    <List.Item key={p}>{p}</List.Item>
                  ))}
                </List>
              )}
            </Stack>
          )}
          <PasswordInput
            label={k('confirm')}
            value={form.Confirm}
            onChange={(ev) => set({ Confirm: ev.currentTarget.value })}
            error={e('Confirm')}
            autoComplete="new-password"
            required
          />
          <Button type="submit" loading={busy} fullWidth mt="xs">
            {k('submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/account/login">
          {k('haveAccount')}
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
