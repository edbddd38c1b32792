// Colour preview of a hue (spec 000 §2, spec 002 §2): a badge-like swatch in the light background,
// border and dark text derived from the hue, with a solid dot; the same hue always looks the same.
import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { huePreview, normalizeHue } from '../lib/hue';

export interface HueSwatchProps {
  hue: number;
  /** Text inside the swatch (a status name); the hue in words when absent. */
  label?: string;
}

export function HueSwatch({ hue, label }: HueSwatchProps) {
  const { t } = useTranslation();
  const h = normalizeHue(hue);
  const colors = huePreview(h);
  return (
    <Group
      component="span"
      gap={6}
      wrap="nowrap"
      data-hue={h}
      aria-label={label ? `${label} – ${t('ui.hue.preview')}` : t('ui.hue.preview')}
      style={{
        display: 'inline-flex',
        padding: '2px 10px 2px 8px',
        borderRadius: 999,
        border: `1px solid ${colors.border}`,
        background: colors.background,
        color: colors.text,
      }}
    >
      <Box
        component="span"
        data-part="dot"
        w={10}
        h={10}
        style={{ borderRadius: '50%', background: colors.solid, flex: 'none' }}
      />
      <Text component="span" size="sm" fw={500} inherit>
        {label ?? t('ui.hue.hue', { hue: Math.round(h) })}
      </Text>
    </Group>
  );
}
