// Sticky element (spec 002 §4): it becomes stuck once scrolling passes its start and is released when
// scrolled back above it. A zero-height marker stays in the flow where the element starts; on scroll
// (throttled to about one frame) the marker's position decides. The element itself uses CSS
// `position: sticky`, and `data-stuck` lets it change its look while stuck.
import { Box } from '@mantine/core';
import { useThrottledCallback } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { SCROLL_THROTTLE_MS } from '../lib/timing';

export interface StickyProps {
  children: ReactNode;
  /** Distance from the top of the scrolling area where it sticks, in px. */
  offset?: number;
  /** Told when the element becomes stuck or is released. */
  onStuckChange?: (stuck: boolean) => void;
  zIndex?: number;
}

export function Sticky({ children, offset = 0, onStuckChange, zIndex = 2 }: StickyProps) {
  const markerRef = useRef<HTMLDivElement>(null);
  const [stuck, setStuck] = useState(false);
  const stuckRef = useRef(false);

  // useThrottledCallback always calls the latest closure, so onStuckChange is current.
  const update = useThrottledCallback(() => {
    const marker = markerRef.current;
    if (!marker) return;
    const container = scrollParent(marker);
    const top = container ? container.getBoundingClientRect().top : 0;
    const next = marker.getBoundingClientRect().top < top + offset;
    if (next === stuckRef.current) return;
    stuckRef.current = next;
    setStuck(next);
    onStuckChange?.(next);
  }, SCROLL_THROTTLE_MS);

  useEffect(() => {
    update();
    // Capture: scrolls of any scrolling ancestor reach the listener (scroll events do not bubble).
    window.addEventListener('scroll', update, { capture: true, passive: true });
    window.addEventListener('resize', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update, { capture: true });
      window.removeEventListener('resize', update);
    };
  }, [update]);

  return (
    <>
      <div ref={markerRef} data-sticky-marker aria-hidden style={{ height: 0 }} />
      <Box
        data-sticky
        data-stuck={stuck || undefined}
        style={{
          position: 'sticky',
          top: offset,
          zIndex,
          boxShadow: stuck ? 'var(--mantine-shadow-sm)' : undefined,
        }}
      >
        {children}
      </Box>
    </>
  );
}

/** The nearest scrolling ancestor, or null for the page itself. */
function scrollParent(element: HTMLElement): HTMLElement | null {
  let node = element.parentElement;
  while (node && node !== document.body && node !== document.documentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
    node = node.parentElement;
  }
  return null;
}
