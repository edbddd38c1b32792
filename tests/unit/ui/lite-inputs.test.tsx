// The first screen's lite inputs (src/ui/lite/inputs.tsx) render the markup Mantine renders for the
// same props, so Mantine's stylesheet draws them identically, and they behave as Mantine's do.
import * as M from '@mantine/core';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, type ReactNode, useState } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { appTheme, cssVariablesResolver } from '../../../src/app/theme';
import * as L from '../../../src/ui/lite/inputs';
import { canonical, liteMarkup, mantineMarkup } from './mantine-parity';

/** The toggle's name, as the app gives it (the theme's PasswordInput default, and the sign-in page). */
const SHOW = { 'aria-label': 'Show or hide the password' };

afterEach(cleanup);

const t = ((key: string) => key) as unknown as Parameters<typeof appTheme>[0];
const noop = () => {};
const office = [
  { value: '', label: 'Choose an office', disabled: true },
  { value: '1', label: 'Downtown' },
  { value: '2', label: 'Uptown' },
];

/** Each case: Mantine's element and the lite one, built from the same props. */
const cases: [string, (kit: typeof L) => ReactElement][] = [
  [
    'select with a label and a disabled placeholder',
    (K) => <K.NativeSelect label="Office" data={office} value="" onChange={noop} />,
  ],
  [
    'select with a value',
    (K) => <K.NativeSelect label="Office" data={office} value="2" onChange={noop} id="office" />,
  ],
  [
    'select xs with aria-label, class and style',
    (K) => (
      <K.NativeSelect
        aria-label="Language"
        data={[{ value: 'en_CA', label: 'English' }]}
        value="en_CA"
        onChange={noop}
        size="xs"
        className="locale"
        style={{ width: 88 }}
      />
    ),
  ],
  ['switch checked', (K) => <K.Switch label="Record my location" checked onChange={noop} />],
  ['switch unchecked', (K) => <K.Switch label="Record my location" checked={false} onChange={noop} />],
  ['switch disabled', (K) => <K.Switch label="Record my location" checked disabled onChange={noop} />],
  [
    'text input as on sign-in',
    (K) => (
      <K.TextInput
        name="UserName"
        label="User name"
        autoComplete="username"
        autoCapitalize="none"
        autoFocus
        required
      />
    ),
  ],
  [
    'text input with an error',
    (K) => <K.TextInput name="UserName" label="User name" error="Enter your user name" required />,
  ],
  ['text input invalid without a message', (K) => <K.TextInput label="Code" error />],
  [
    'text input with a value',
    (K) => <K.TextInput label="Code" value="123" onChange={noop} inputMode="numeric" type="tel" />,
  ],
  [
    'text input disabled, with a description and an error',
    (K) => (
      <K.TextInput
        label="Email"
        description="We never share it"
        error="Not an email"
        disabled
        defaultValue="x"
        className="wide"
        style={{ maxWidth: 300 }}
      />
    ),
  ],
  ['text input without a label', (K) => <K.TextInput aria-label="Search" placeholder="Search" />],
  [
    'password as on sign-in',
    (K) => (
      <K.PasswordInput
        name="Password"
        label="Password"
        autoComplete="current-password"
        visibilityToggleButtonProps={SHOW}
        error={undefined}
        required
      />
    ),
  ],
  [
    'password with a value and an error',
    (K) => (
      <K.PasswordInput
        label="New password"
        visibilityToggleButtonProps={SHOW}
        value="abc"
        onChange={noop}
        autoComplete="new-password"
        error="Too short"
      />
    ),
  ],
  [
    'password with an empty error',
    (K) => (
      <K.PasswordInput label="Confirm" value="" onChange={noop} error="" visibilityToggleButtonProps={SHOW} />
    ),
  ],
  [
    'password disabled, described, with a named toggle',
    (K) => (
      <K.PasswordInput
        label="Password"
        description="8 characters"
        disabled
        visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
        className="pw"
        style={{ maxWidth: 300 }}
      />
    ),
  ],
];

describe('lite inputs render the markup Mantine renders', () => {
  it.each(cases)('%s', (_, element) => {
    expect(liteMarkup(element(L))).toBe(mantineMarkup(element(M as unknown as typeof L)));
  });

  it('sees a difference (a class or an attribute) between two markups', () => {
    const select = (K: typeof L) => <K.NativeSelect label="Office" data={office} value="" onChange={noop} />;
    expect(liteMarkup(select(L))).not.toBe(
      mantineMarkup(<M.NativeSelect label="Office" data={office} value="1" onChange={noop} />),
    );
    expect(liteMarkup(<L.TextInput label="A" />)).not.toBe(mantineMarkup(<M.TextInput label="A" required />));
  });

  it('matches Mantine exactly, attribute order included, before any normalisation but the ids', () => {
    const strict = (html: string) =>
      html.replace(/<style[^>]*>.*?<\/style>/gs, '').replace(/mantine-_R_\w+_/g, 'ID');
    const inApp = (node: ReactNode) =>
      renderToStaticMarkup(
        <MantineProvider theme={appTheme(t)} cssVariablesResolver={cssVariablesResolver}>
          {node}
        </MantineProvider>,
      );
    for (const [name, element] of cases) {
      expect(strict(inApp(element(L))), name).toBe(strict(inApp(element(M as unknown as typeof L))));
    }
  });
});

/** Mantine's element and the lite one in the app's theme, side by side, each in its own section. */
function renderBoth(element: (kit: typeof L) => ReactElement) {
  render(
    <MantineProvider theme={appTheme(t)} cssVariablesResolver={cssVariablesResolver}>
      <section aria-label="mantine">{element(M as unknown as typeof L)}</section>
      <section aria-label="lite">{element(L)}</section>
    </MantineProvider>,
  );
  return {
    mantine: screen.getByRole('region', { name: 'mantine' }),
    lite: screen.getByRole('region', { name: 'lite' }),
  };
}

/** The markup of a rendered section; Mantine's client ids are random, so both sides get the same `id`. */
const markupOf = (section: HTMLElement) => canonical(section.innerHTML);

describe('lite inputs behave as Mantine’s', () => {
  it('shows and hides the password with the toggle, as Mantine does', async () => {
    const user = userEvent.setup();
    const { mantine, lite } = renderBoth((K) => (
      <K.PasswordInput
        id="pw"
        label="Password"
        defaultValue="secret"
        required
        visibilityToggleButtonProps={SHOW}
      />
    ));
    expect(markupOf(lite)).toBe(markupOf(mantine));
    const field = within(lite).getByLabelText(/Password/) as HTMLInputElement;
    const toggle = within(lite).getByRole('button', { name: SHOW['aria-label'] });
    expect(field.type).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.tabIndex).toBe(-1);

    await user.click(toggle);
    await user.click(within(mantine).getByRole('button', { name: SHOW['aria-label'] }));
    expect(field.type).toBe('text');
    expect(field.value).toBe('secret');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(markupOf(lite)).toBe(markupOf(mantine));

    fireEvent.keyDown(toggle, { key: 'Enter' });
    expect(field.type).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('names an invalid field’s error as its description', () => {
    render(<L.TextInput label="User name" error="Enter your user name" required />);
    const field = screen.getByRole('textbox', { name: 'User name' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field).toHaveProperty('required', true);
    expect(screen.getByText('Enter your user name').id).toBe(field.getAttribute('aria-describedby'));
  });

  it('reports a chosen option, a switch flip and typed text through onChange', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    function Form() {
      const [office, setOffice] = useState('');
      const [on, setOn] = useState(false);
      const [name, setName] = useState('');
      return (
        <>
          <L.NativeSelect
            label="Office"
            data={[
              { value: '', label: 'Choose', disabled: true },
              ...[1, 2].map((n) => ({ value: `${n}`, label: `Office ${n}` })),
            ]}
            value={office}
            onChange={(e) => {
              seen.push(`office ${e.currentTarget.value}`);
              setOffice(e.currentTarget.value);
            }}
          />
          <L.Switch
            label="Record my location"
            checked={on}
            onChange={(e) => {
              seen.push(`switch ${e.currentTarget.checked}`);
              setOn(e.currentTarget.checked);
            }}
          />
          <L.TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        </>
      );
    }
    render(<Form />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Office' }), 'Office 2');
    await user.click(screen.getByRole('switch', { name: 'Record my location' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    expect(seen).toEqual(['office 2', 'switch true']);
    expect((screen.getByRole('combobox', { name: 'Office' }) as HTMLSelectElement).value).toBe('2');
    expect(screen.getByRole('switch', { name: 'Record my location' })).toHaveProperty('checked', true);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Ada');
  });
});
