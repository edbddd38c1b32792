import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from '../../../src/ui/carousel';
import { renderUi, testI18n } from './render';

function setStrip(
  strip: HTMLElement,
  dims: { scrollLeft: number; clientWidth: number; scrollWidth: number },
) {
  for (const [key, value] of Object.entries(dims)) {
    Object.defineProperty(strip, key, { configurable: true, value });
  }
}

describe('Carousel', () => {
  beforeEach(async () => {
    await testI18n();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  async function scrolled(strip: HTMLElement) {
    fireEvent.scroll(strip);
    await act(async () => {
      vi.advanceTimersByTime(50);
    });
  }

  it('scrolls by 0.75 of its width each way', async () => {
    await renderUi(
      <Carousel label="Offices">
        <div>One</div>
        <div>Two</div>
      </Carousel>,
    );
    const strip = document.querySelector('[data-carousel-strip]') as HTMLElement;
    const scrollBy = vi.fn();
    strip.scrollBy = scrollBy as typeof strip.scrollBy;
    setStrip(strip, { scrollLeft: 0, clientWidth: 400, scrollWidth: 1600 });
    await scrolled(strip);

    const next = screen.getByRole('button', { name: 'Scroll forward' }) as HTMLButtonElement;
    const back = screen.getByRole('button', { name: 'Scroll back' }) as HTMLButtonElement;
    expect(back.disabled).toBe(true);
    fireEvent.click(next);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 300, behavior: 'smooth' });

    setStrip(strip, { scrollLeft: 300, clientWidth: 400, scrollWidth: 1600 });
    await scrolled(strip);
    expect(back.disabled).toBe(false);
    fireEvent.click(back);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -300, behavior: 'smooth' });

    setStrip(strip, { scrollLeft: 1200, clientWidth: 400, scrollWidth: 1600 });
    await scrolled(strip);
    expect(next.disabled).toBe(true);
  });

  it('is a labelled carousel region', async () => {
    await renderUi(
      <Carousel label="Offices">
        <div>One</div>
      </Carousel>,
    );
    expect(screen.getByLabelText('Offices').getAttribute('aria-roledescription')).toBe('carousel');
  });
});
