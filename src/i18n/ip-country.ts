// The optional IP-country lookup (spec 000 §7): off unless VITE_IP_COUNTRY_URL is set at build time.
// It runs after start, never delays it, and only picks a locale when the user has not chosen one.
import { LOCALE_BY_COUNTRY, type LocaleId } from './index';

/** ISO country code → the spec's countryID (1 US, 2 Canada). */
const COUNTRY_ID: Record<string, number> = { US: 1, CA: 2 };

export async function lookupLocaleByIp(
  url: string | undefined,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 3000,
): Promise<LocaleId | null> {
  if (!url) return null;
  try {
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), credentials: 'omit' });
    if (!res.ok) return null;
    const body = (await res.json()) as { country?: string; country_code?: string; countryCode?: string };
    const code = (body.country_code ?? body.countryCode ?? body.country ?? '').toUpperCase();
    return LOCALE_BY_COUNTRY[COUNTRY_ID[code] ?? -1] ?? null;
  } catch {
    return null;
  }
}
