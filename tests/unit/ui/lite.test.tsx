// The first screen's lite components (src/ui/lite) must draw exactly what Mantine draws for the same
// props, so Mantine's stylesheet gives them the same look: each case renders both and compares them.
import * as M from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import * as L from '../../../src/ui/lite';
import { canonical, inlineStyles, liteMarkup, mantineHtml, mantineMarkup } from './mantine-parity';

const cases: [string, ReactElement, ReactElement][] = [
  ['filled button, primary colour', <M.Button key="m">Go</M.Button>, <L.Button key="l">Go</L.Button>],
  [
    'large green round button',
    <M.Button key="m" size="xl" radius="xl" color="green">
      In
    </M.Button>,
    <L.Button key="l" size="xl" radius="xl" color="green">
      In
    </L.Button>,
  ],
  [
    'light button, loading',
    <M.Button key="m" size="lg" radius="xl" variant="light" loading>
      Break
    </M.Button>,
    <L.Button key="l" size="lg" radius="xl" variant="light" loading>
      Break
    </L.Button>,
  ],
  [
    'red button, not loading',
    <M.Button key="m" size="lg" radius="xl" color="red" loading={false}>
      Out
    </M.Button>,
    <L.Button key="l" size="lg" radius="xl" color="red" loading={false}>
      Out
    </L.Button>,
  ],
  [
    'disabled button',
    <M.Button key="m" size="xl" radius="xl" color="green" disabled>
      In
    </M.Button>,
    <L.Button key="l" size="xl" radius="xl" color="green" disabled>
      In
    </L.Button>,
  ],
  [
    'full-width submit button with a margin',
    <M.Button key="m" type="submit" fullWidth mt="xs">
      Sign in
    </M.Button>,
    <L.Button key="l" type="submit" fullWidth style={{ marginTop: L.spacing('xs') }}>
      Sign in
    </L.Button>,
  ],
  [
    'subtle action icon',
    <M.ActionIcon key="m" variant="subtle" size="lg" aria-label="Collapse">
      i
    </M.ActionIcon>,
    <L.ActionIcon key="l" variant="subtle" size="lg" aria-label="Collapse">
      i
    </L.ActionIcon>,
  ],
  [
    'unstyled button',
    <M.UnstyledButton key="m" aria-label="User">
      x
    </M.UnstyledButton>,
    <L.UnstyledButton key="l" aria-label="User">
      x
    </L.UnstyledButton>,
  ],
  [
    'unstyled button as a link',
    <M.UnstyledButton key="m" component="a" href="/sync" data-testid="c">
      x
    </M.UnstyledButton>,
    <L.UnstyledButton key="l" component="a" href="/sync" data-testid="c">
      x
    </L.UnstyledButton>,
  ],
  [
    'burger, closed and open',
    <>
      <M.Burger opened={false} size="sm" hiddenFrom="lg" aria-label="Menu" />
      <M.Burger opened size="sm" hiddenFrom="lg" aria-label="Menu" />
    </>,
    <>
      <L.Burger opened={false} size="sm" className="mantine-hidden-from-lg" aria-label="Menu" />
      <L.Burger opened size="sm" className="mantine-hidden-from-lg" aria-label="Menu" />
    </>,
  ],
  [
    'anchor as a button',
    <M.Anchor key="m" component="button" type="button">
      Forgot?
    </M.Anchor>,
    <L.Anchor key="l" component="button" type="button">
      Forgot?
    </L.Anchor>,
  ],
  [
    'anchor as a link',
    <M.Anchor key="m" href="/apply" data-testid="apply-link">
      Apply
    </M.Anchor>,
    <L.Anchor key="l" href="/apply" data-testid="apply-link">
      Apply
    </L.Anchor>,
  ],
  [
    'loaders',
    <>
      <M.Loader aria-label="Loading" />
      <M.Loader size="sm" />
      <M.Loader size={24} />
    </>,
    <>
      <L.Loader aria-label="Loading" />
      <L.Loader size="sm" />
      <L.Loader size={24} />
    </>,
  ],
  [
    'alerts',
    <>
      <M.Alert color="red" title="Failed">
        Body
      </M.Alert>
      <M.Alert color="green" role="status">
        Done
      </M.Alert>
      <M.Alert color="gray" title="Online only" maw={640} data-testid="o">
        Connect
      </M.Alert>
    </>,
    <>
      <L.Alert color="red" title="Failed">
        Body
      </L.Alert>
      <L.Alert color="green" role="status">
        Done
      </L.Alert>
      <L.Alert color="gray" title="Online only" style={{ maxWidth: L.rem(640) }} data-testid="o">
        Connect
      </L.Alert>
    </>,
  ],
  [
    'badges',
    <>
      <M.Badge size="sm" color="yellow" variant="light">
        Pending
      </M.Badge>
      <M.Badge size="sm" color="red" variant="light" component="a" href="/sync" style={{ cursor: 'pointer' }}>
        Fix
      </M.Badge>
      <M.Badge color="green" variant="light" size="lg">
        Online
      </M.Badge>
    </>,
    <>
      <L.Badge size="sm" color="yellow" variant="light">
        Pending
      </L.Badge>
      <L.Badge size="sm" color="red" variant="light" component="a" href="/sync" style={{ cursor: 'pointer' }}>
        Fix
      </L.Badge>
      <L.Badge color="green" variant="light" size="lg">
        Online
      </L.Badge>
    </>,
  ],
  [
    'texts',
    <>
      <M.Text size="xs" c="dimmed">
        a
      </M.Text>
      <M.Text fw={600}>b</M.Text>
      <M.Text size="sm" c="red">
        c
      </M.Text>
      <M.Text fz={44} fw={700} ff="monospace" lh={1}>
        0:00:00
      </M.Text>
      <M.Text component="a" href="/" fw={700} size="lg" c="blue.7" style={{ textDecoration: 'none' }}>
        Apex
      </M.Text>
      <M.Text size="sm" ta="center">
        d
      </M.Text>
    </>,
    <>
      <L.Text size="xs" c="dimmed">
        a
      </L.Text>
      <L.Text fw={600}>b</L.Text>
      <L.Text size="sm" c="red">
        c
      </L.Text>
      <L.Text
        fw={700}
        style={{ fontSize: L.rem(44), fontFamily: 'var(--mantine-font-family-monospace)', lineHeight: 1 }}
      >
        0:00:00
      </L.Text>
      <L.Text component="a" href="/" fw={700} size="lg" c="blue.7" style={{ textDecoration: 'none' }}>
        Apex
      </L.Text>
      <L.Text size="sm" style={{ textAlign: 'center' }}>
        d
      </L.Text>
    </>,
  ],
  [
    'titles',
    <>
      <M.Title order={1} size="h2">
        Clock
      </M.Title>
      <M.Title order={2}>Error</M.Title>
    </>,
    <>
      <L.Title order={1} size="h2">
        Clock
      </L.Title>
      <L.Title order={2}>Error</L.Title>
    </>,
  ],
  [
    'groups and stacks',
    <>
      <M.Group justify="space-between" align="baseline">
        g
      </M.Group>
      <M.Group gap="sm" wrap="nowrap">
        g
      </M.Group>
      <M.Group gap={4} wrap="nowrap">
        g
      </M.Group>
      <M.Stack maw={560} mx="auto" gap="md">
        s
      </M.Stack>
      <M.Stack gap={6}>s</M.Stack>
      <M.Stack>s</M.Stack>
    </>,
    <>
      <L.Group justify="space-between" align="baseline">
        g
      </L.Group>
      <L.Group gap="sm" wrap="nowrap">
        g
      </L.Group>
      <L.Group gap={4} wrap="nowrap">
        g
      </L.Group>
      <L.Stack gap="md" style={{ maxWidth: L.rem(560), marginInline: 'auto' }}>
        s
      </L.Stack>
      <L.Stack gap={6}>s</L.Stack>
      <L.Stack>s</L.Stack>
    </>,
  ],
  [
    'centre, container, card and paper',
    <>
      <M.Center>c</M.Center>
      <M.Container size="sm">c</M.Container>
      <M.Card withBorder radius="lg" padding="lg" data-testid="clock-card">
        c
      </M.Card>
      <M.Paper withBorder shadow="sm" radius="md" w="100%">
        p
      </M.Paper>
    </>,
    <>
      <L.Center>c</L.Center>
      <L.Container size="sm">c</L.Container>
      <L.Card withBorder radius="lg" padding="lg" data-testid="clock-card">
        c
      </L.Card>
      <L.Paper withBorder shadow="sm" radius="md" style={{ width: '100%' }}>
        p
      </L.Paper>
    </>,
  ],
];

describe('lite components draw what Mantine draws', () => {
  it.each(cases)('%s', (_name, mantine, lite) => {
    expect(liteMarkup(lite)).toBe(mantineMarkup(mantine));
  });

  it('the loading bar is Mantine’s animated, striped progress bar (less the attribute Mantine leaks)', () => {
    const mantine = mantineMarkup(
      <M.Progress value={100} animated size="xs" radius={0} aria-label="Loading" />,
    );
    expect(liteMarkup(<L.LoadingBar label="Loading" />)).toBe(mantine.replace(' radius="0"', ''));
  });

  it('the app shell is Mantine’s AppShell for the app’s layout, drawer closed and open', () => {
    for (const [width, opened] of [
      [248, false],
      [68, false],
      [248, true],
    ] as const) {
      const mantine = mantineHtml(
        <M.AppShell
          header={{ height: 56 }}
          navbar={{ width, breakpoint: 'lg', collapsed: { mobile: !opened } }}
          padding="md"
        >
          <M.AppShell.Header>h</M.AppShell.Header>
          <M.AppShell.Navbar p="xs" aria-label="Navigation">
            <M.AppShell.Section grow>s</M.AppShell.Section>
            <M.AppShell.Section visibleFrom="lg">v</M.AppShell.Section>
          </M.AppShell.Navbar>
          <M.AppShell.Main>m</M.AppShell.Main>
        </M.AppShell>,
      );
      const lite = renderToStaticMarkup(
        <L.AppShell
          navbarWidth={width}
          drawerOpened={opened}
          header="h"
          navbar={{
            'aria-label': 'Navigation',
            children: (
              <>
                <L.AppShellSection grow>s</L.AppShellSection>
                <L.AppShellSection desktopOnly>v</L.AppShellSection>
              </>
            ),
          }}
        >
          m
        </L.AppShell>,
      );
      // The lite sidebar's responsive width is a class of its own (Mantine's is generated).
      expect(canonical(lite).replace('apex-shell-navbar ', '')).toBe(canonical(mantine));
      // The frame's sizes: header height, sidebar width, and the drawer below desktop width.
      expect(inlineStyles(lite)).toEqual(inlineStyles(mantine).filter((css) => css.includes('app-shell')));
    }
  });

  it('a button runs its action on a press, and not while loading', () => {
    const onClick = vi.fn();
    const { rerender } = render(<L.Button onClick={onClick}>Clock in</L.Button>);
    fireEvent.click(screen.getByRole('button', { name: 'Clock in' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <L.Button onClick={onClick} loading>
        Clock in
      </L.Button>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clock in' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
