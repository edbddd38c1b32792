// A refused save of a bank account: a reason the server gives for a field the form shows is said
// beside that field only; a reason for a field it does not show (the country, a segmented control with
// no place for a message) is listed in the banner above the form with the server's sentence, and a
// refusal naming no field is said there too — never twice, never nowhere.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountFormModal } from '../../../src/features/employees/bank/account-form';
import type { Handler } from '../api/helpers';
import { bannerTexts, errorBeside, refusal } from '../ui/refusal';
import { renderApp } from '../ui/render-app';

const PATH = '/api/employees/7/bank-accounts';

async function saveNewAccount(answer: Handler) {
  const { server } = await renderApp(
    <AccountFormModal employeeId={7} account={null} defaultCountryId={1} opened onClose={() => {}} />,
    { routes: { [`POST ${PATH}`]: answer } },
  );
  fireEvent.change(await screen.findByLabelText(/^Bank/), { target: { value: 'First Lakes' } });
  fireEvent.change(screen.getByTestId('bank-routing'), { target: { value: '021000021' } });
  fireEvent.change(screen.getByTestId('bank-account-number'), { target: { value: '12345678' } });
  fireEvent.click(screen.getByTestId('bank-save'));
  await waitFor(() => expect(server.callsTo('POST', PATH)).toHaveLength(1));
}

describe('bank account form, refused', () => {
  it('says a reason of a field it shows beside the field only', async () => {
    const used = 'This account is already on file.';
    await saveNewAccount(refusal(400, used, { AccountNumber: [used] }));
    await waitFor(() => expect(errorBeside(/^Account number/)).toBe(used));
    expect(screen.getAllByText(used)).toHaveLength(1);
    expect(bannerTexts()).toEqual([]);
  });

  it('says a reason of the country, which shows no message of its own, in the banner', async () => {
    const country = 'Payroll does not pay into this country.';
    await saveNewAccount(refusal(400, country, { CountryID: [country] }));
    await waitFor(() => expect(bannerTexts().join(' ')).toContain(country));
  });

  it("lists a reason of an unshown field under the server's sentence, and that reason only", async () => {
    const country = 'Payroll does not pay into this country.';
    const used = 'This account is already on file.';
    await saveNewAccount(
      refusal(400, 'The bank account could not be saved.', { CountryID: [country], AccountNumber: [used] }),
    );
    await waitFor(() => expect(bannerTexts()).toHaveLength(1));
    expect(bannerTexts()[0]).toContain('The bank account could not be saved.');
    expect(bannerTexts()[0]).toContain(country);
    expect(bannerTexts()[0]).not.toContain(used);
    expect(errorBeside(/^Account number/)).toBe(used);
  });

  it('says an account changed meanwhile in its own words', async () => {
    await saveNewAccount(refusal(409, 'The record was changed by someone else.'));
    await waitFor(() => expect(bannerTexts().join(' ')).toContain('Someone else changed this account'));
  });

  it('keeps the banner for a refusal naming no field', async () => {
    await saveNewAccount(refusal(422, 'The employee is inactive.'));
    await waitFor(() => expect(bannerTexts().join(' ')).toContain('The employee is inactive.'));
  });
});
