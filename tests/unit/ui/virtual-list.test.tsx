import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VirtualList } from '../../../src/ui/virtual-list';
import { renderUi, testI18n } from './render';

const items = Array.from({ length: 120 }, (_, i) => `Item ${i + 1}`);

function setScroll(
  box: HTMLElement,
  { top, height, client }: { top: number; height: number; client: number },
) {
  Object.defineProperty(box, 'scrollTop', { configurable: true, value: top });
  Object.defineProperty(box, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: client });
}

describe('VirtualList', () => {
  beforeEach(async () => {
    await testI18n();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  async function scroll(box: HTMLElement) {
    fireEvent.scroll(box);
    await act(async () => {
      vi.advanceTimersByTime(50);
    });
  }

  it('adds a chunk when scrolled within 50 px of the bottom, not before', async () => {
    await renderUi(
      <VirtualList items={items} chunkSize={50} height={300} label="Leads" renderItem={(item) => item} />,
    );
    const box = screen.getByRole('list', { name: 'Leads' });
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByText('Showing 50 of 120')).toBeTruthy();

    setScroll(box, { top: 1649, height: 2000, client: 300 }); // 51 px from the bottom
    await scroll(box);
    expect(screen.getAllByRole('listitem')).toHaveLength(50);

    setScroll(box, { top: 1650, height: 2000, client: 300 }); // 50 px from the bottom
    await scroll(box);
    expect(screen.getAllByRole('listitem')).toHaveLength(100);

    setScroll(box, { top: 3700, height: 4000, client: 300 });
    await scroll(box);
    expect(screen.getAllByRole('listitem')).toHaveLength(120);
    expect(screen.getByText('Showing 120 of 120')).toBeTruthy();
  });

  it('asks for more data once everything is shown', async () => {
    const onEndReached = vi.fn();
    await renderUi(
      <VirtualList
        items={items.slice(0, 10)}
        height={300}
        onEndReached={onEndReached}
        renderItem={(item) => item}
      />,
    );
    const box = screen.getByRole('list');
    setScroll(box, { top: 700, height: 1000, client: 300 });
    await scroll(box);
    expect(onEndReached).toHaveBeenCalledOnce();
  });

  it('says so when there is nothing to show', async () => {
    await renderUi(<VirtualList items={[]} height={300} renderItem={(item) => item} />);
    expect(screen.getByText('Nothing to show')).toBeTruthy();
  });
});
