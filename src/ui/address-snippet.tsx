// Address snippet (spec 000 §3, spec 002 §2): StreetLine1, StreetLine2 as 'Suite …', City,
// StateProvince (its StateName) or StateName, PostalCode, Country (its CountryName) or CountryName.
// A missing state reads 'State/Province?', a missing country 'Country?'. The state/province and
// postal-code labels follow the country: Canada (countryID 2) Province / Postal code, US (countryID 1)
// State / ZIP code; an unknown country takes the locale's words.
import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const COUNTRY_US = 1;
export const COUNTRY_CANADA = 2;

export interface AddressLike {
  StreetLine1?: string | null;
  StreetLine2?: string | null;
  City?: string | null;
  StateProvince?: { StateName?: string | null; CountryID?: number | null } | null;
  StateName?: string | null;
  PostalCode?: string | null;
  Country?: { CountryName?: string | null; CountryID?: number | null } | null;
  CountryName?: string | null;
  CountryID?: number | null;
}

export interface AddressSnippetProps {
  address: AddressLike;
  /** Country to label for when the address does not carry one. */
  countryID?: number | null;
  /** Show each part under its label instead of the compact postal layout. */
  withLabels?: boolean;
}

function present(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

/** countryID of the address: its own, its Country's, its StateProvince's, or the fallback. */
export function addressCountryId(address: AddressLike, fallback?: number | null): number | null {
  return (
    address.CountryID ?? address.Country?.CountryID ?? address.StateProvince?.CountryID ?? fallback ?? null
  );
}

export function AddressSnippet({ address, countryID, withLabels = false }: AddressSnippetProps) {
  const { t } = useTranslation();
  const country = addressCountryId(address, countryID);
  const regionLabel =
    country === COUNTRY_CANADA
      ? t('ui.address.labels.province')
      : country === COUNTRY_US
        ? t('ui.address.labels.state')
        : t('ui.address.labels.region');
  const postalLabel =
    country === COUNTRY_CANADA
      ? t('ui.address.labels.postalCode')
      : country === COUNTRY_US
        ? t('ui.address.labels.zipCode')
        : t('ui.address.labels.postal');

  const street1 = present(address.StreetLine1);
  const street2 = present(address.StreetLine2);
  const suite = street2 && (/^suite\b/i.test(street2) ? street2 : t('ui.address.suite', { value: street2 }));
  const city = present(address.City);
  const state = present(address.StateProvince?.StateName) ?? present(address.StateName);
  const postal = present(address.PostalCode);
  const countryName = present(address.Country?.CountryName) ?? present(address.CountryName);
  const stateText = state ?? t('ui.address.missingState');
  const countryText = countryName ?? t('ui.address.missingCountry');

  if (withLabels) {
    const rows: [string, string | null, string][] = [
      [t('ui.address.labels.street'), street1, 'street1'],
      [t('ui.address.labels.suite'), street2, 'street2'],
      [t('ui.address.labels.city'), city, 'city'],
      [regionLabel, stateText, 'state'],
      [postalLabel, postal, 'postal'],
      [t('ui.address.labels.country'), countryText, 'country'],
    ];
    return (
      <Box
        component="dl"
        m={0}
        style={{
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: 'var(--mantine-spacing-sm)',
        }}
      >
        {rows
          .filter(([, value]) => value !== null)
          .map(([label, value, part]) => (
            <Box key={part} style={{ display: 'contents' }} data-part={part}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {value}
              </Text>
            </Box>
          ))}
      </Box>
    );
  }

  return (
    <Box component="address" fz="sm" style={{ fontStyle: 'normal', lineHeight: 1.45 }}>
      {street1 && <div data-part="street1">{street1}</div>}
      {suite && <div data-part="street2">{suite}</div>}
      <div>
        {city && <span data-part="city">{city}, </span>}
        <span data-part="state" title={regionLabel} data-missing={state ? undefined : true}>
          {stateText}
        </span>
        {postal && (
          <>
            {' '}
            <span data-part="postal" title={postalLabel}>
              {postal}
            </span>
          </>
        )}
      </div>
      <div data-part="country" data-missing={countryName ? undefined : true}>
        {countryText}
      </div>
    </Box>
  );
}
