import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ActivityStep, ActivityStepper } from '../../../src/ui/activity-stepper';
import { renderUi } from './render';

const steps: ActivityStep[] = [
  {
    id: 1,
    title: 'Application submitted',
    date: new Date(2025, 2, 4, 15, 5),
    color: 'blue',
    creatorName: 'Dana Lee',
    description: 'Sent from the field',
  },
  {
    id: 2,
    title: 'Reviewed',
    date: '2025-03-05T09:30:00',
    creatorName: 'Sam Roy',
    description: '',
    expanded: true,
  },
  { id: 3, title: 'Approved', date: null, description: '   ' },
];

describe('ActivityStepper', () => {
  it("shows dates as 'MMM d, yyyy at h:mm a' with the creator", async () => {
    await renderUi(<ActivityStepper steps={steps} />);
    expect(screen.getByText('Mar 4, 2025 at 3:05 PM')).toBeTruthy();
    expect(screen.getByText('Mar 5, 2025 at 9:30 AM')).toBeTruthy();
    expect(screen.getByText(/by Dana Lee/)).toBeTruthy();
  });

  it("shows 'No comments' for an empty description", async () => {
    await renderUi(<ActivityStepper steps={steps} />);
    expect(screen.getAllByText('No comments')).toHaveLength(2);
    expect(screen.getByText('Sent from the field')).toBeTruthy();
  });

  it('starts expanded where asked and toggles on a heading click', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    await renderUi(<ActivityStepper steps={steps} onToggle={onToggle} />);
    const first = screen.getByRole('button', { name: 'Application submitted' });
    const second = screen.getByRole('button', { name: 'Reviewed' });
    const panel = (button: HTMLElement) =>
      document.getElementById(button.getAttribute('aria-controls') ?? '');

    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(panel(first)?.hidden).toBe(true);
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(panel(second)?.hidden).toBe(false);

    await user.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(panel(first)?.hidden).toBe(false);
    expect(onToggle).toHaveBeenLastCalledWith(1, true);

    await user.click(first);
    expect(panel(first)?.hidden).toBe(true);
    expect(onToggle).toHaveBeenLastCalledWith(1, false);
  });

  it('toggles from the keyboard', async () => {
    const user = userEvent.setup();
    await renderUi(<ActivityStepper steps={steps} />);
    const heading = screen.getByRole('button', { name: 'Approved' });
    heading.focus();
    await user.keyboard('{Enter}');
    expect(heading.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard(' ');
    expect(heading.getAttribute('aria-expanded')).toBe('false');
  });

  it('puts each title in a heading', async () => {
    await renderUi(<ActivityStepper steps={steps} headingOrder={3} />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Application submitted',
      'Reviewed',
      'Approved',
    ]);
  });
});
