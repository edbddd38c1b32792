// A table's sideways scroll box (Mantine's Table.ScrollContainer) that a keyboard can scroll too: while
// the table is wider (or taller) than the box, the box's viewport is a region named `label` in the Tab
// order, so the arrow keys scroll it even when no row holds a control (WCAG 2.1.1; axe's
// scrollable-region-focusable), and it shows the app's focus ring on keyboard focus — drawn inside the
// box, since the scroll area clips anything drawn around it. While everything fits, it is no tab stop.
import { Table, type TableScrollContainerProps } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * Whether `el` has content to scroll to (sideways or down), followed as its size or content's change:
 * the box, the scroll area's content and Mantine's inner box (its min-width applies once the table's
 * styles are in effect) and the table (wider once its texts arrive). The content box keeps the box's
 * width while the table overflows it, so the box and its content alone may not change size when the
 * table does: the box would stay no tab stop though its table is wider.
 */
export function useScrollable(el: HTMLElement | null): boolean {
  const [scrollable, setScrollable] = useState(false);
  useEffect(() => {
    if (!el) return;
    const check = () =>
      setScrollable(el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const resized = new ResizeObserver(check);
    const observed = new WeakSet<Element>();
    const observeContent = () => {
      for (const node of [el, ...el.querySelectorAll(':scope > *, :scope > * > *, table')])
        if (!observed.has(node)) {
          observed.add(node);
          resized.observe(node);
        }
    };
    observeContent();
    // A table put in (or replaced) after the box: followed too, and measured at once.
    const changed =
      typeof MutationObserver === 'undefined'
        ? null
        : new MutationObserver(() => {
            observeContent();
            check();
          });
    changed?.observe(el, { childList: true, subtree: true });
    return () => {
      resized.disconnect();
      changed?.disconnect();
    };
  }, [el]);
  return scrollable;
}

export interface ScrollTableProps extends TableScrollContainerProps {
  /** The scroll box's accessible name while it is a tab stop: what the table lists ("Products"). */
  label: string;
}

export function ScrollTable({ label, scrollAreaProps, ...props }: ScrollTableProps) {
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const scrollable = useScrollable(viewport);
  const focusable = scrollable ? { tabIndex: 0, role: 'region', 'aria-label': label } : {};
  return (
    <Table.ScrollContainer
      {...props}
      scrollAreaProps={{
        ...scrollAreaProps,
        viewportRef: setViewport,
        // The theme's focus ring (focusRing 'auto': on keyboard focus only), set 2 px inside the box.
        classNames: { viewport: 'mantine-focus-auto' },
        viewportProps: {
          ...scrollAreaProps?.viewportProps,
          ...focusable,
          style: { outlineOffset: -2 },
        },
      }}
    />
  );
}
