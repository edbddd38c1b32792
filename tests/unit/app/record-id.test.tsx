// A screen of one record opens only for an id that can be one: `/orders/12` draws the work order,
// `/orders/abc`, `/orders/0` or `/orders/12.5` (a mistyped link) draw the page that does not exist.
import { cleanup, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { withRecordId } from '../../../src/app/routes';

afterEach(cleanup);

const Screen = () => <p>the work order</p>;
const NotFound = () => <p>page not found</p>;

function open(path: string, createsAtNew = false, notFound: React.ComponentType = NotFound) {
  const router = createMemoryRouter(
    [{ path: '/orders/:id', Component: withRecordId(Screen, notFound, createsAtNew) }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('a record screen’s id', () => {
  it.each(['/orders/12', '/orders/1', '/orders/2147483647'])('%s opens the screen', async (path) => {
    open(path);
    expect(await screen.findByText('the work order')).toBeTruthy();
    expect(screen.queryByText('page not found')).toBeNull();
  });

  it.each(['/orders/abc', '/orders/work-orders', '/orders/0', '/orders/012', '/orders/12.5', '/orders/-3'])(
    '%s is a page that does not exist',
    async (path) => {
      open(path);
      expect(await screen.findByText('page not found')).toBeTruthy();
      expect(screen.queryByText('the work order')).toBeNull();
    },
  );

  it('`new` opens the screen only where it creates a record there', async () => {
    open('/orders/new', true);
    expect(await screen.findByText('the work order')).toBeTruthy();
    cleanup();
    open('/orders/new');
    expect(await screen.findByText('page not found')).toBeTruthy();
  });

  it('the not-found page is fetched only when an address is refused', async () => {
    let fetched = 0;
    const LazyNotFound = lazy(async () => {
      fetched += 1;
      return { default: NotFound };
    });
    open('/orders/12', false, LazyNotFound);
    expect(await screen.findByText('the work order')).toBeTruthy();
    expect(fetched).toBe(0);
    cleanup();
    open('/orders/abc', false, LazyNotFound);
    expect(await screen.findByText('page not found')).toBeTruthy();
    expect(fetched).toBe(1);
  });
});
