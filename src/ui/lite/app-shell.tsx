// The app's frame, drawn as Mantine's AppShell draws it for the app's one layout: a 56 px header and a
// sidebar of `navbarWidth` that is a drawer below desktop width (Mantine's `lg`, 75em). Same elements,
// classes and CSS variables as Mantine's (its stylesheet lays it out); see buttons.tsx.
import { type CSSProperties, type HTMLAttributes, type ReactNode, useEffect, useState } from 'react';
import './lite.css';
import { cx, rem, useMantineId } from './style';

const TRANSITION_MS = 200;
const BELOW_DESKTOP = 'max-width: 74.99375em';

/** The frame's size variables, as Mantine's AppShell writes them for this layout. */
function shellVariables(navbarWidth: number, drawerOpened: boolean): string {
  const width = rem(navbarWidth);
  const base = `:root{--app-shell-navbar-width:${width};--app-shell-navbar-offset:${width};--app-shell-header-height:${rem(56)};--app-shell-header-offset:${rem(56)};--app-shell-padding:var(--mantine-spacing-md);}`;
  // Mantine writes the open drawer's query with 75em and the closed one's with 74.99375em.
  const drawer = drawerOpened
    ? '@media(max-width: 75em){:root{--app-shell-navbar-offset:0px;--app-shell-navbar-width:100%;}}'
    : `@media(${BELOW_DESKTOP}){:root{--app-shell-navbar-width:100%;--app-shell-navbar-offset:0px;--app-shell-navbar-transform:translateX(calc(var(--app-shell-navbar-width) * -1));--app-shell-navbar-transform-rtl:translateX(var(--app-shell-navbar-width));}}`;
  return base + drawer;
}

/**
 * While the window is resized, on the first frame and while the sidebar's width settles, transitions
 * are off (`data-resizing`), as in Mantine: nothing slides in on load or while dragging a window edge.
 */
function useResizing(widthKey: number): boolean {
  const [resizing, setResizing] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new width settles without sliding
  useEffect(() => {
    setResizing(true);
    let timer = window.setTimeout(() => setResizing(false), TRANSITION_MS);
    const onResize = () => {
      setResizing(true);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setResizing(false), TRANSITION_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [widthKey]);
  return resizing;
}

export interface AppShellProps {
  navbarWidth: number;
  /** The drawer is open (below desktop width; a desktop always shows the sidebar). */
  drawerOpened: boolean;
  header: ReactNode;
  navbar: HTMLAttributes<HTMLElement> & { inert?: boolean };
  /** The main content. */
  children: ReactNode;
  /** Dialogs and notices of the frame, after the main content. */
  after?: ReactNode;
}

export function AppShell({ navbarWidth, drawerOpened, header, navbar, children, after }: AppShellProps) {
  const id = useMantineId();
  const resizing = useResizing(navbarWidth);
  const { className: navClass, ...navRest } = navbar;
  return (
    <>
      <style data-mantine-styles="inline">{shellVariables(navbarWidth, drawerOpened)}</style>
      <div
        style={
          {
            '--app-shell-transition-duration': `${TRANSITION_MS}ms`,
            '--app-shell-transition-timing-function': 'ease',
          } as CSSProperties
        }
        className="m_89ab340 mantine-AppShell-root"
        data-resizing={resizing || undefined}
        data-mode="fixed"
        id={id}
      >
        <header
          style={{ '--app-shell-header-z-index': '100' } as CSSProperties}
          className="m_3b16f56b mantine-AppShell-header right-scroll-bar-position"
          data-with-border
        >
          {header}
        </header>
        <nav
          style={
            {
              '--app-shell-navbar-z-index': 'calc(100 + 1)',
              padding: 'var(--mantine-spacing-xs)',
            } as CSSProperties
          }
          className={cx('m_45252eee mantine-AppShell-navbar apex-shell-navbar', navClass)}
          data-with-border
          {...navRest}
        />
        <main className="m_8983817 mantine-AppShell-main">{children}</main>
        {after}
      </div>
    </>
  );
}

/** A part of the sidebar; `grow` takes the room left, `desktopOnly` hides it in the drawer. */
export function AppShellSection({
  grow,
  desktopOnly,
  className,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { grow?: boolean; desktopOnly?: boolean }) {
  return (
    <div
      className={cx(
        'm_6dcfc7c7 mantine-AppShell-section',
        desktopOnly && 'mantine-visible-from-lg',
        className,
      )}
      data-grow={grow || undefined}
      {...rest}
    />
  );
}
