import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from '../../../src/ui/spinner';
import { renderUi } from './render';

describe('Spinner', () => {
  it('announces loading with the translated default label', async () => {
    await renderUi(<Spinner />);
    expect(screen.getByRole('status').getAttribute('aria-label')).toBe('Loading…');
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('shows a given label when asked', async () => {
    await renderUi(<Spinner label="Checking access" withLabel />);
    expect(screen.getByRole('status').getAttribute('aria-label')).toBe('Checking access');
    expect(screen.getByText('Checking access')).toBeTruthy();
  });
});
