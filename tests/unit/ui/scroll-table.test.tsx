// A table's scroll box: while the table is wider than the box, a keyboard user can Tab to it (a region
// named for what the table lists) to scroll it with the arrow keys; while the table fits, it is no tab
// stop. The sizes are set by hand: happy-dom lays nothing out.
import { Table } from '@mantine/core';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollTable } from '../../../src/ui/scroll-table';
import { renderUi } from './render';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Every element `content` px wide (the table and the box's content) in a box `box` px wide. */
function sizes(content: number, box: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(content);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(box);
}

function Products() {
  return (
    <ScrollTable minWidth={720} label="Products">
      <Table>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>Robot Vacuum</Table.Td>
            <Table.Td>RS-VAC</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

describe('ScrollTable', () => {
  it('is a named tab stop while the table is wider than its box', async () => {
    sizes(720, 358);
    await renderUi(<Products />);
    const box = await screen.findByRole('region', { name: 'Products' });
    expect(box.tabIndex).toBe(0);
    expect(box.contains(screen.getByText('Robot Vacuum'))).toBe(true);
    // The focus ring is drawn inside the box (the scroll area clips anything around it).
    expect(box.className).toContain('mantine-focus-auto');
    expect(box.style.outlineOffset).toBe('-2px');
  });

  it('is no tab stop while the table fits', async () => {
    sizes(1160, 1160);
    await renderUi(<Products />);
    await screen.findByText('Robot Vacuum');
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.querySelectorAll('[tabindex="0"]')).toHaveLength(0);
  });

  it('becomes a tab stop when only the table grows (its styles or texts arrive late), the box unchanged', async () => {
    // A ResizeObserver that records what it follows; `resize()` reports a change of size.
    const followed: Element[] = [];
    let resize = () => {};
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(report: () => void) {
          resize = report;
        }
        observe(node: Element) {
          followed.push(node);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    sizes(358, 358);
    await renderUi(<Products />);
    await screen.findByText('Robot Vacuum');
    expect(screen.queryByRole('region')).toBeNull();
    // The table itself is followed: the box and its content keep their size when the table overflows.
    expect(followed).toContain(screen.getByRole('table'));
    sizes(720, 358);
    act(() => resize());
    expect((await screen.findByRole('region', { name: 'Products' })).tabIndex).toBe(0);
  });
});
