// Loading spinner (spec 000 §2): shown while a route is checked or data loads.
import { useTranslation } from 'react-i18next';
import { Center, type LiteSize, Loader, Text } from './lite';

export interface SpinnerProps {
  /** What is loading; 'Loading…' by default. Read by screen readers, shown with `withLabel`. */
  label?: string;
  size?: LiteSize | number;
  /** Show the label under the spinner. */
  withLabel?: boolean;
  /** Fill the viewport (the route guard's spinner). */
  fullPage?: boolean;
}

export function Spinner({ label, size = 'md', withLabel = false, fullPage = false }: SpinnerProps) {
  const { t } = useTranslation();
  const text = label ?? t('ui.spinner.loading');
  return (
    <Center
      role="status"
      aria-live="polite"
      aria-label={text}
      style={{
        minHeight: fullPage ? '100dvh' : undefined,
        padding: 'var(--mantine-spacing-md)',
        flexDirection: 'column',
        gap: 'var(--mantine-spacing-xs)',
      }}
    >
      <Loader size={size} aria-hidden />
      {withLabel && (
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      )}
    </Center>
  );
}
