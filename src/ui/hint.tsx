// A tooltip that costs the first screen nothing: Mantine's Tooltip (with its positioning engine) is
// loaded once the app has settled; until then the element shows its label as a native title.
import type { TooltipProps } from '@mantine/core';
import { cloneElement, isValidElement, type ReactElement, Suspense } from 'react';
import { useSettled } from '../lib/idle';
import { lazyWithTheme } from './mantine-provider';

const Tooltip = lazyWithTheme(() => import('./tooltip-chunk'));

export interface HintProps extends Omit<TooltipProps, 'children'> {
  children: ReactElement;
  /** Plain text for the native title shown before the tooltip is loaded. */
  title: string;
}

export function Hint({ children, title, ...props }: HintProps) {
  const settled = useSettled();
  const plain = isValidElement(children)
    ? cloneElement(children as ReactElement<{ title?: string }>, { title })
    : children;
  if (!settled) return plain;
  return (
    <Suspense fallback={plain}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
