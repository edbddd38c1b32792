// What src/preact/react.ts adds to preact/compat for the app and its libraries: React 19.2's
// <Activity> (Mantine's kept-mounted Collapse and Transition) and React's autoFocus on mount.
import { Collapse, MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Activity, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(cleanup);

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      clicked {count}
    </button>
  );
}

function Switchable({ initial }: { initial: 'visible' | 'hidden' }) {
  const [mode, setMode] = useState(initial);
  return (
    <>
      <button type="button" onClick={() => setMode(mode === 'visible' ? 'hidden' : 'visible')}>
        toggle
      </button>
      <Activity mode={mode}>
        <div data-testid="panel" style={{ display: 'flex' }}>
          <Counter />
        </div>
      </Activity>
    </>
  );
}

describe('Activity', () => {
  it('hides its element while hidden, shows it again with its own display and keeps its state', async () => {
    const user = userEvent.setup();
    render(<Switchable initial="visible" />);
    const panel = screen.getByTestId('panel');
    expect(panel.style.display).toBe('flex');
    await user.click(screen.getByRole('button', { name: 'clicked 0' }));
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    expect(panel.style.getPropertyValue('display')).toBe('none');
    expect(panel.style.getPropertyPriority('display')).toBe('important');
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    expect(panel.style.display).toBe('flex');
    expect(screen.getByTestId('panel').textContent).toBe('clicked 1');
  });

  it('starts hidden when asked', () => {
    render(<Switchable initial="hidden" />);
    expect(screen.getByTestId('panel').style.getPropertyValue('display')).toBe('none');
  });

  it("keeps a Mantine Collapse's content mounted and hidden once closed", async () => {
    function Panel() {
      const [open, setOpen] = useState(true);
      return (
        <MantineProvider>
          <button type="button" onClick={() => setOpen(!open)}>
            toggle
          </button>
          <Collapse expanded={open} keepMounted transitionDuration={0}>
            <p data-testid="content">details</p>
          </Collapse>
        </MantineProvider>
      );
    }
    const user = userEvent.setup();
    render(<Panel />);
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    const content = screen.getByTestId('content');
    expect(content.isConnected).toBe(true);
    expect(content.parentElement?.style.getPropertyValue('display')).toBe('none');
  });
});

describe('autoFocus', () => {
  it('focuses an element added later, once, when it is mounted', async () => {
    function Editor() {
      const [editing, setEditing] = useState(false);
      const [text, setText] = useState('');
      return editing ? (
        <>
          {/* biome-ignore lint/a11y/noAutofocus: autoFocus is what is tested */}
          <input aria-label="Name" autoFocus value={text} onChange={(e) => setText(e.currentTarget.value)} />
          <button type="button">other</button>
        </>
      ) : (
        <button type="button" onClick={() => setEditing(true)}>
          edit
        </button>
      );
    }
    const user = userEvent.setup();
    render(<Editor />);
    await user.click(screen.getByRole('button', { name: 'edit' }));
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(document.activeElement).toBe(input);
    // A re-render does not take the focus back.
    screen.getByRole('button', { name: 'other' }).focus();
    await act(async () => {
      (input as HTMLInputElement).value = 'Ann';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect((input as HTMLInputElement).value).toBe('Ann');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'other' }));
  });
});
