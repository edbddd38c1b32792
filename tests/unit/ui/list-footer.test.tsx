import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListFooter, pageCount } from '../../../src/ui/list-footer';
import { renderUi } from './render';

describe('ListFooter', () => {
  it('counts whole pages, and at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });

  it('shows the count and moves to the page the user picks', async () => {
    const onPageChange = vi.fn();
    await renderUi(
      <ListFooter
        label="45 pay periods"
        totalCount={45}
        pageSize={20}
        page={1}
        onPageChange={onPageChange}
      />,
    );
    expect(screen.getByText('45 pay periods')).toBeTruthy();
    expect(screen.getByRole('button', { name: '3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '4' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});
