// A refused save of a catalogue product (orders office): a reason the server gives for a field the
// dialog shows is said beside that field, with no banner above repeating the refusal; a reason for a
// field it does not show is said in the banner; a product changed meanwhile (409) says its current
// version is now in the form.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CataloguePage from '../../../src/features/orders/office/catalogue-page';
import { type Handler, json } from '../api/helpers';
import { bannerTexts, errorBeside, refusal } from '../ui/refusal';
import { renderApp } from '../ui/render-app';

const PATH = '/api/products';

async function saveNewProduct(answer: Handler) {
  const { server } = await renderApp(<CataloguePage />, {
    grants: ['catalogue:write'],
    routes: {
      'GET /api/divisions': () => json([{ DivisionID: 2, Name: 'Rogers' }]),
      'GET /api/products': () => json([]),
      [`POST ${PATH}`]: answer,
    },
  });
  fireEvent.click(await screen.findByTestId('new-product'));
  fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Ignite Internet 1G' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(server.callsTo('POST', PATH)).toHaveLength(1));
}

describe('catalogue product, refused', () => {
  it('says reasons of fields the dialog shows beside them only', async () => {
    const code = 'Another product has this code.';
    const taken = 'A product of this division already has this name.';
    await saveNewProduct(refusal(400, 'The product could not be saved.', { Code: [code], Name: [taken] }));
    await waitFor(() => expect(errorBeside(/^Name/)).toBe(taken));
    expect(errorBeside(/^Code/)).toBe(code);
    expect(screen.getAllByText(taken)).toHaveLength(1);
    expect(bannerTexts()).toEqual([]);
  });

  it('says a reason of a field the dialog does not show in the banner', async () => {
    const active = 'A product in use cannot be made inactive.';
    await saveNewProduct(refusal(400, 'The product could not be saved.', { IsActive: [active] }));
    await waitFor(() => expect(bannerTexts()).toHaveLength(1));
    expect(bannerTexts()[0]).toContain('The product could not be saved.');
    expect(bannerTexts()[0]).toContain(active);
  });
});
