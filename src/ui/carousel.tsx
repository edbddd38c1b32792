// Carousel (spec 002 §9): a horizontal strip that the previous/next buttons scroll by 0.75 of its
// visible width, so a quarter of what was seen stays in view. Touch and trackpad scrolling work too.
import { ActionIcon, Box, Group } from '@mantine/core';
import { useThrottledCallback } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCROLL_THROTTLE_MS } from '../lib/timing';

/** Share of the visible width one button press scrolls. */
export const CAROUSEL_STEP = 0.75;

export interface CarouselProps {
  /** Accessible name of the carousel. */
  label: string;
  children: ReactNode;
  /** Gap between the slides (a Mantine spacing or px). */
  gap?: string | number;
}

export function Carousel({ label, children, gap = 'md' }: CarouselProps) {
  const { t } = useTranslation();
  const stripRef = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });

  const updateEdges = useThrottledCallback(() => {
    const strip = stripRef.current;
    if (!strip) return;
    const atStart = strip.scrollLeft <= 1;
    const atEnd = strip.scrollLeft + strip.clientWidth >= strip.scrollWidth - 1;
    setEdges((current) =>
      current.atStart === atStart && current.atEnd === atEnd ? current : { atStart, atEnd },
    );
  }, SCROLL_THROTTLE_MS);

  useEffect(() => {
    updateEdges();
    window.addEventListener('resize', updateEdges, { passive: true });
    return () => window.removeEventListener('resize', updateEdges);
  }, [updateEdges]);

  const scroll = (direction: 1 | -1) => {
    const strip = stripRef.current;
    if (!strip) return;
    strip.scrollBy({ left: direction * strip.clientWidth * CAROUSEL_STEP, behavior: 'smooth' });
  };

  return (
    <Box component="section" aria-roledescription="carousel" aria-label={label} pos="relative">
      <Group justify="flex-end" gap="xs" mb="xs">
        <ActionIcon
          variant="default"
          aria-label={t('ui.carousel.previous')}
          disabled={edges.atStart}
          onClick={() => scroll(-1)}
        >
          <span aria-hidden>‹</span>
        </ActionIcon>
        <ActionIcon
          variant="default"
          aria-label={t('ui.carousel.next')}
          disabled={edges.atEnd}
          onClick={() => scroll(1)}
        >
          <span aria-hidden>›</span>
        </ActionIcon>
      </Group>
      <Group
        ref={stripRef}
        data-carousel-strip
        // Scrolled by keyboard too (arrow keys once focused): a named, focusable group.
        role="group"
        aria-label={t('ui.carousel.strip', { label })}
        tabIndex={0}
        gap={gap}
        wrap="nowrap"
        onScroll={updateEdges}
        style={{ overflowX: 'auto', scrollSnapType: 'x proximity', overscrollBehaviorX: 'contain' }}
      >
        {children}
      </Group>
    </Box>
  );
}
