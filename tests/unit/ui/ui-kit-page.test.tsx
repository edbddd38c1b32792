import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import UiKitPage from '../../../src/features/ui-kit/ui-kit-page';
import { renderUi } from './render';

const SECTIONS = [
  'kit-masked-input',
  'kit-stepper',
  'kit-address',
  'kit-checkbox-list',
  'kit-tri-state',
  'kit-relative-time',
  'kit-hue',
  'kit-sticky',
  'kit-standby',
  'kit-file-input',
  'kit-carousel',
  'kit-virtual-list',
  'kit-spinner',
  'kit-grid',
];

describe('UI kit page', () => {
  it('shows every widget in a titled section with a stable id', async () => {
    await renderUi(<UiKitPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'UI kit' })).toBeTruthy();
    for (const id of SECTIONS) {
      const section = document.getElementById(id);
      expect(section, id).not.toBeNull();
      const heading = within(section as HTMLElement).getByRole('heading', { level: 2 });
      expect(heading.textContent, id).not.toBe('-');
    }
    expect(within(document.getElementById('kit-grid') as HTMLElement).getAllByRole('gridcell').length).toBe(
      30,
    );
    expect(screen.queryByText('-')).toBeNull();
  });

  it('lets a user type a phone number and marks it unfinished on blur', async () => {
    const user = userEvent.setup();
    await renderUi(<UiKitPage />);
    const section = document.getElementById('kit-masked-input') as HTMLElement;
    const phone = within(section).getByLabelText('Phone number') as HTMLInputElement;
    await user.type(phone, '41655');
    await user.tab();
    expect(phone.value).toBe('(416) 55_-____');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(within(section).getByText(/Unfinished/)).toBeTruthy();
  });
});
