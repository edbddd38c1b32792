import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Sticky } from '../../../src/ui/sticky';
import { renderUi, testI18n } from './render';

function rectAt(top: number): DOMRect {
  return { top, bottom: top, left: 0, right: 0, width: 0, height: 0, x: 0, y: top, toJSON: () => ({}) };
}

describe('Sticky', () => {
  let markerTop = 200;

  beforeEach(async () => {
    await testI18n();
    vi.useFakeTimers();
    markerTop = 200;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return rectAt(this.hasAttribute('data-sticky-marker') ? markerTop : 0);
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  async function scrollTo(top: number) {
    markerTop = top;
    fireEvent.scroll(window);
    await act(async () => {
      vi.advanceTimersByTime(50);
    });
  }

  it('sticks once scrolling passes its start and is released above it', async () => {
    const onStuckChange = vi.fn();
    await renderUi(
      <Sticky offset={10} onStuckChange={onStuckChange}>
        <div>Header</div>
      </Sticky>,
    );
    const sticky = () => screen.getByText('Header').closest('[data-sticky]') as HTMLElement;
    expect(sticky().hasAttribute('data-stuck')).toBe(false);

    await scrollTo(50);
    expect(sticky().hasAttribute('data-stuck')).toBe(false);

    await scrollTo(9); // its start has passed the 10 px offset
    expect(sticky().hasAttribute('data-stuck')).toBe(true);
    expect(sticky().style.position).toBe('sticky');
    expect(sticky().style.top).toBe('10px');

    await scrollTo(-300);
    expect(sticky().hasAttribute('data-stuck')).toBe(true);

    await scrollTo(10); // back above it
    expect(sticky().hasAttribute('data-stuck')).toBe(false);
    expect(onStuckChange.mock.calls).toEqual([[true], [false]]);
  });
});
