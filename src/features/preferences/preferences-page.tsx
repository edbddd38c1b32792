// Settings page: beta participation (GET/PUT employees/betaopt) and the user's feature preferences
// (GET app/features; choices kept for the browser session, see feature-preferences.ts).
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { alertError, errorMessage } from '../../api/errors';
import type { FeaturePreference } from '../../contract/auth';
import { isFixedOption, isOptionOn, useFeaturePreferences } from './feature-preferences';
import { useBetaOpt } from './get-beta-opt';
import { useFeatures } from './get-features';
import { useSaveBetaOpt } from './save-beta-opt';

const OPTION_COLORS: Record<string, string> = {
  enabled: 'green',
  disabled: 'gray',
  optIn: 'blue',
  optOut: 'gray',
  noPref: 'yellow',
};

function LoadFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={title} role="alert">
      <Text size="sm">{errorMessage(error, { t: (key) => t(key) })}</Text>
      <Button variant="light" size="xs" mt="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Center py="md" role="status" aria-label={label}>
      <Loader size="sm" aria-hidden />
    </Center>
  );
}

function BetaSection() {
  const { t } = useTranslation();
  const beta = useBetaOpt();
  const save = useSaveBetaOpt();

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="preferences-beta-title">
      <Title order={2} size="h4" id="preferences-beta-title" mb="xs">
        {t('preferences.beta.title')}
      </Title>
      {beta.isPending ? (
        <Loading label={t('preferences.beta.loading')} />
      ) : beta.isError ? (
        <LoadFailed
          title={t('preferences.beta.loadFailed')}
          error={beta.error}
          onRetry={() => void beta.refetch()}
        />
      ) : (
        <Switch
          label={t('preferences.beta.label')}
          description={t('preferences.beta.description')}
          checked={save.isPending ? save.variables : beta.data}
          disabled={save.isPending}
          onChange={(event) =>
            save.mutate(event.currentTarget.checked, {
              onError: (err) => alertError(t('preferences.beta.saveFailed'), err, { t: (key) => t(key) }),
            })
          }
        />
      )}
    </Paper>
  );
}

/** 'compactTables' → 'Compact tables': the words of a feature the locale files do not name yet. */
export function featureWords(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function FeatureRow({ flag }: { flag: FeaturePreference }) {
  const { t, i18n } = useTranslation();
  const preferences = useFeaturePreferences();
  const key = `preferences.featureNames.${flag.Feature}`;
  const label = i18n.exists(`${key}.label`) ? t(`${key}.label`) : featureWords(flag.Feature);
  const description = i18n.exists(`${key}.description`) ? t(`${key}.description`) : flag.Description;
  const option = preferences.optionOf(flag);
  const fixed = isFixedOption(flag.Option);
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" py="xs" data-feature={flag.Feature}>
      <Stack gap={2}>
        <Group gap="xs">
          <Text fw={500}>{label}</Text>
          <Badge color={OPTION_COLORS[option]} variant="light" data-testid={`feature-state-${flag.Feature}`}>
            {t(`preferences.state.${option}`)}
          </Badge>
        </Group>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        {fixed ? (
          <Text size="xs" c="dimmed">
            {t('preferences.features.fixed')}
          </Text>
        ) : null}
      </Stack>
      <Switch
        aria-label={t('preferences.features.toggle', { feature: label })}
        checked={isOptionOn(option)}
        disabled={fixed}
        onChange={(event) => preferences.choose(flag, event.currentTarget.checked ? 'optIn' : 'optOut')}
      />
    </Group>
  );
}

function FeaturesSection() {
  const { t } = useTranslation();
  const features = useFeatures();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="preferences-features-title">
      <Title order={2} size="h4" id="preferences-features-title">
        {t('preferences.features.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('preferences.features.sessionNote')}
      </Text>
      {features.isPending ? (
        <Loading label={t('preferences.features.loading')} />
      ) : features.isError ? (
        <LoadFailed
          title={t('preferences.features.loadFailed')}
          error={features.error}
          onRetry={() => void features.refetch()}
        />
      ) : features.data.length === 0 ? (
        <Text c="dimmed" py="md">
          {t('preferences.features.empty')}
        </Text>
      ) : (
        <Stack gap={0}>
          {features.data.map((flag) => (
            <FeatureRow key={flag.Feature} flag={flag} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

export default function PreferencesPage() {
  const { t } = useTranslation();
  return (
    <Stack maw={760}>
      <Title order={1} size="h2">
        {t('preferences.title')}
      </Title>
      <BetaSection />
      <FeaturesSection />
    </Stack>
  );
}
