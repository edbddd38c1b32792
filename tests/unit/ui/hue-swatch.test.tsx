import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { huePreview } from '../../../src/lib/hue';
import { HueSwatch } from '../../../src/ui/hue-swatch';
import { renderUi } from './render';

describe('HueSwatch', () => {
  it('paints the label with the colours derived from the hue', async () => {
    await renderUi(<HueSwatch hue={130} label="Sold" />);
    const swatch = screen.getByLabelText('Sold – Colour preview');
    const colors = huePreview(130);
    expect(swatch.getAttribute('data-hue')).toBe('130');
    expect(swatch.style.background).toBe(colors.background);
    expect(swatch.style.color).toBe(colors.text);
    expect(swatch.style.border).toContain(colors.border);
    expect(screen.getByText('Sold')).toBeTruthy();
  });

  it('names the hue when there is no label, normalised, with the US spelling in en_US', async () => {
    await renderUi(<HueSwatch hue={-30} />, { locale: 'en_US' });
    expect(screen.getByText('Hue 330')).toBeTruthy();
    expect(screen.getByLabelText('Color preview')).toBeTruthy();
  });
});
