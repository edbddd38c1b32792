// "Save map for offline" on the leads map: shows what is saved on this device, asks the server what
// the rep's territories cost ("Toronto West End, zoom 10–15: 3.8 MB") before saving, then saves with
// progress; a lack of space is reported with what it needs.
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TileBox, TileExtent } from '../../../contract/tiles';
import { RelativeTime } from '../../../ui/relative-time';
import {
  estimateStreets,
  formatBytes,
  padBox,
  STREETS_BUDGET_BYTES,
  StreetsQuotaError,
  savedStreets,
  saveStreets,
} from '../offline-streets';

type Step =
  | { kind: 'idle' }
  | { kind: 'estimating' }
  | { kind: 'confirm'; extent: TileExtent }
  | { kind: 'saving'; done: number; total: number }
  | { kind: 'error'; message: string };

export function SaveStreets({
  userId,
  label,
  box: territoriesBox,
  online,
}: {
  userId: string;
  /** The area's name (the lead group). */
  label: string;
  /** The rep's territories (or the view) to save, padded here; null: nothing to save yet. */
  box: TileBox | null;
  online: boolean;
}) {
  const { t } = useTranslation();
  const box = territoriesBox ? padBox(territoriesBox) : null;
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [saved, setSaved] = useState(() => savedStreets(userId).find((s) => s.label === label) ?? null);

  const estimate = async () => {
    if (!box) return;
    setStep({ kind: 'estimating' });
    try {
      setStep({ kind: 'confirm', extent: await estimateStreets(box) });
    } catch (err) {
      setStep({ kind: 'error', message: (err as Error).message });
    }
  };

  const save = async (extent: TileExtent) => {
    if (!box) return;
    setStep({ kind: 'saving', done: 0, total: extent.Tiles });
    try {
      const result = await saveStreets({
        userId,
        label,
        box,
        extent,
        onProgress: (done, total) => setStep({ kind: 'saving', done, total }),
      });
      setSaved(result);
      setStep({ kind: 'idle' });
    } catch (err) {
      const message =
        err instanceof StreetsQuotaError
          ? t('leads.map.offlineStreets.noSpace', {
              needed: formatBytes(err.needed),
              free: err.free === null ? '?' : formatBytes(err.free),
            })
          : (err as Error).message;
      setStep({ kind: 'error', message });
    }
  };

  const range = (e: { MinZoom: number; MaxZoom: number }) => `${e.MinZoom}–${e.MaxZoom}`;

  return (
    <Stack gap={6} data-testid="save-streets">
      <Text size="sm" fw={600}>
        {t('leads.map.offlineStreets.title')}
      </Text>
      {saved ? (
        <Text size="xs" c="dimmed" data-testid="streets-saved">
          {t('leads.map.offlineStreets.saved', {
            area: saved.label,
            zooms: `${saved.minZoom}–${saved.maxZoom}`,
            size: formatBytes(saved.bytes),
          })}{' '}
          <RelativeTime date={new Date(saved.savedAt)} />
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          {t('leads.map.offlineStreets.notSaved')}
        </Text>
      )}
      {step.kind === 'confirm' && (
        <>
          <Text size="sm" data-testid="streets-estimate">
            {t('leads.map.offlineStreets.estimate', {
              area: label,
              zooms: range(step.extent),
              size: formatBytes(step.extent.Bytes),
            })}
          </Text>
          {step.extent.Bytes > STREETS_BUDGET_BYTES ? (
            <Text size="xs" c="red">
              {t('leads.map.offlineStreets.overBudget', { budget: formatBytes(STREETS_BUDGET_BYTES) })}
            </Text>
          ) : (
            <Group gap="xs">
              <Button size="xs" onClick={() => void save(step.extent)} data-testid="streets-confirm">
                {t('leads.map.offlineStreets.save')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setStep({ kind: 'idle' })}>
                {t('common.cancel')}
              </Button>
            </Group>
          )}
        </>
      )}
      {step.kind === 'saving' && (
        <Progress
          value={step.total ? (100 * step.done) / step.total : 0}
          aria-label={t('leads.map.offlineStreets.saving')}
          data-testid="streets-progress"
        />
      )}
      {step.kind === 'error' && (
        <Text size="xs" c="red" data-testid="streets-error">
          {step.message}
        </Text>
      )}
      {(step.kind === 'idle' || step.kind === 'error' || step.kind === 'estimating') && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} />}
          loading={step.kind === 'estimating'}
          disabled={!box || !online}
          onClick={() => void estimate()}
          data-testid="save-streets-button"
        >
          {saved ? t('leads.map.offlineStreets.update') : t('leads.map.offlineStreets.button')}
        </Button>
      )}
    </Stack>
  );
}
