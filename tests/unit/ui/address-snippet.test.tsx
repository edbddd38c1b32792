import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AddressSnippet } from '../../../src/ui/address-snippet';
import { renderUi } from './render';

const part = (name: string) => document.querySelector(`[data-part="${name}"]`);

describe('AddressSnippet', () => {
  it("shows the street, 'Suite …', city, state, postal code and country", async () => {
    await renderUi(
      <AddressSnippet
        address={{
          StreetLine1: '100 King St W',
          StreetLine2: '2300',
          City: 'Toronto',
          StateProvince: { StateName: 'Ontario' },
          PostalCode: 'M5X 1A9',
          Country: { CountryName: 'Canada', CountryID: 2 },
        }}
      />,
    );
    expect(part('street1')?.textContent).toBe('100 King St W');
    expect(part('street2')?.textContent).toBe('Suite 2300');
    expect(part('city')?.textContent).toBe('Toronto, ');
    expect(part('state')?.textContent).toBe('Ontario');
    expect(part('postal')?.textContent).toBe('M5X 1A9');
    expect(part('country')?.textContent).toBe('Canada');
  });

  it('falls back to StateName and CountryName', async () => {
    await renderUi(
      <AddressSnippet address={{ City: 'Austin', StateName: 'Texas', CountryName: 'United States' }} />,
    );
    expect(part('state')?.textContent).toBe('Texas');
    expect(part('country')?.textContent).toBe('United States');
  });

  it("shows 'State/Province?' and 'Country?' when they are missing", async () => {
    await renderUi(
      <AddressSnippet address={{ StreetLine1: '1 Main St', StateProvince: null, CountryName: ' ' }} />,
    );
    expect(screen.getByText('State/Province?')).toBeTruthy();
    expect(screen.getByText('Country?')).toBeTruthy();
  });

  it('does not repeat Suite', async () => {
    await renderUi(<AddressSnippet address={{ StreetLine2: 'Suite 5' }} />);
    expect(part('street2')?.textContent).toBe('Suite 5');
  });

  it('labels Province / Postal code for Canada (countryID 2)', async () => {
    await renderUi(
      <AddressSnippet withLabels address={{ StateName: 'Quebec', PostalCode: 'H2X 1Y4', CountryID: 2 }} />,
    );
    expect(screen.getByText('Province')).toBeTruthy();
    expect(screen.getByText('Postal code')).toBeTruthy();
    expect(screen.queryByText('State')).toBeNull();
  });

  it('labels State / ZIP code for the US (countryID 1)', async () => {
    await renderUi(
      <AddressSnippet
        withLabels
        address={{ StateName: 'Texas', PostalCode: '73301', Country: { CountryName: 'US', CountryID: 1 } }}
      />,
    );
    expect(screen.getByText('State')).toBeTruthy();
    expect(screen.getByText('ZIP code')).toBeTruthy();
    expect(screen.queryByText('Province')).toBeNull();
  });

  it('takes the country from a prop, and the compact layout carries the labels as titles', async () => {
    await renderUi(<AddressSnippet countryID={1} address={{ StateName: 'Ohio', PostalCode: '43004' }} />);
    expect(part('state')?.getAttribute('title')).toBe('State');
    expect(part('postal')?.getAttribute('title')).toBe('ZIP code');
  });

  it('uses the locale words when the country is unknown', async () => {
    await renderUi(<AddressSnippet withLabels address={{ PostalCode: 'X' }} />);
    expect(screen.getByText('Province')).toBeTruthy();
    expect(screen.getByText('Postal code')).toBeTruthy();
  });

  it('uses the US words in en_US when the country is unknown', async () => {
    await renderUi(<AddressSnippet withLabels address={{ PostalCode: 'X' }} />, { locale: 'en_US' });
    expect(screen.getByText('State')).toBeTruthy();
    expect(screen.getByText('ZIP code')).toBeTruthy();
  });
});
