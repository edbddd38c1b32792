// Incrementally rendered list (spec 002 §9): it renders one chunk of items and adds the next chunk
// when scrolling comes within 50 px of the bottom; once every item is shown, `onEndReached` may load
// more data. A list shorter than its box keeps adding chunks until the box is filled.
import { Box, Text } from '@mantine/core';
import { useThrottledCallback } from '@mantine/hooks';
import { type Key, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCROLL_THROTTLE_MS } from '../lib/timing';

/** Distance from the bottom, in px, at which the next chunk is added. */
export const LOAD_MORE_THRESHOLD_PX = 50;

export interface VirtualListProps<T> {
  items: readonly T[];
  renderItem: (item: T, index: number) => ReactNode;
  getKey?: (item: T, index: number) => Key;
  /** Items added per chunk. */
  chunkSize?: number;
  /** Height of the scrolling box. */
  height: number | string;
  /** Called when scrolled near the bottom with every item already shown. */
  onEndReached?: () => void;
  /** Accessible name of the list. */
  label?: string;
}

export function isNearBottom(
  element: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>,
  threshold: number = LOAD_MORE_THRESHOLD_PX,
): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= threshold;
}

export function VirtualList<T>({
  items,
  renderItem,
  getKey = (_item, index) => index,
  chunkSize = 50,
  height,
  onEndReached,
  label,
}: VirtualListProps<T>) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLUListElement>(null);
  const [count, setCount] = useState(chunkSize);
  const shown = Math.min(count, items.length);

  const check = () => {
    const box = boxRef.current;
    if (!box || !isNearBottom(box)) return;
    if (shown < items.length) setCount(shown + chunkSize);
    else onEndReached?.();
  };
  const handleScroll = useThrottledCallback(check, SCROLL_THROTTLE_MS);

  // Fill the box: a first chunk shorter than the box would otherwise never scroll.
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (box && box.clientHeight > 0 && box.scrollHeight <= box.clientHeight && shown < items.length) {
      setCount(shown + chunkSize);
    }
  }, [shown, items.length, chunkSize]);

  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('ui.virtualList.empty')}
      </Text>
    );
  }

  return (
    <div>
      <Box
        ref={boxRef}
        component="ul"
        aria-label={label}
        data-virtual-list
        // Scrollable by keyboard (arrow keys once focused).
        tabIndex={0}
        h={height}
        m={0}
        p={0}
        onScroll={handleScroll}
        style={{ overflowY: 'auto', overscrollBehavior: 'contain', listStyle: 'none' }}
      >
        {items.slice(0, shown).map((item, index) => (
          <li key={getKey(item, index)}>{renderItem(item, index)}</li>
        ))}
      </Box>
      <Text size="xs" c="dimmed" mt={4} aria-live="polite">
        {t('ui.virtualList.showing', { shown, total: items.length })}
      </Text>
    </div>
  );
}
