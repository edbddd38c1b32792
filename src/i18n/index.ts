// i18next setup (spec 000 §8, §9): translations load from resources/locale-{id}.json; en_CA is the
// default; a failed locale lookup falls back to en_US; a failed locale file leaves the translations
// empty; a missing key shows '-'.
import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LOCALES = ['en_CA', 'en_US'] as const;
export type LocaleId = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: LocaleId = 'en_CA';
/** Where the locale lookup lands when it cannot decide (spec 000 §8). */
export const FALLBACK_LOCALE: LocaleId = 'en_US';
export const MISSING_KEY_TEXT = '-';
const STORAGE_KEY = 'apex.locale';

/** countryID per the spec: 1 US, 2 Canada. */
export const LOCALE_BY_COUNTRY: Record<number, LocaleId> = { 1: 'en_US', 2: 'en_CA' };

export function isLocaleId(value: unknown): value is LocaleId {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Resolves the locale to use. A stored choice wins; otherwise the default (Canada). A lookup that
 * yields something unknown (a bad stored value, an unknown country) falls back to en_US.
 */
export function resolveLocale(lookup: () => unknown = () => readStoredLocale()): LocaleId {
  let found: unknown;
  try {
    found = lookup();
  } catch {
    return FALLBACK_LOCALE;
  }
  if (found === null || found === undefined) return DEFAULT_LOCALE;
  if (typeof found === 'number') return LOCALE_BY_COUNTRY[found] ?? FALLBACK_LOCALE;
  return isLocaleId(found) ? found : FALLBACK_LOCALE;
}

function readStoredLocale(): string | null {
  return typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
}

export function hasStoredLocale(): boolean {
  return isLocaleId(readStoredLocale());
}

export function storeLocale(id: LocaleId): void {
  localStorage.setItem(STORAGE_KEY, id);
}

export interface I18nOptions {
  locale?: LocaleId;
  /** URL template of the locale files, `{{lng}}` replaced by the locale id. */
  loadPath?: string;
  /**
   * URL template of the first screens' part of each locale file: loaded first, the whole file
   * (`loadPath`) once `complete()` is called. Without it the whole file is loaded at once.
   */
  firstPath?: string;
  /** Resources given directly (tests); no file is fetched then. */
  resources?: Record<string, unknown>;
  /** Locale files already being fetched, by URL (src/boot.ts); each is taken over once. */
  early?: Record<string, Promise<Response | null>>;
}

/** The event that redraws screens once the whole locale file is in use (src/i18n createI18n). */
const WHOLE_FILE_ARRIVED = 'apexWholeFileArrived';

/** Status codes worth asking again for (i18next retries a read a few times when told so). */
const RETRYABLE = (status: number) => status >= 500 || status === 408 || status === 429;

/**
 * Loads a locale file: one fetch of `{{lng}}` in `loadPath` (a file src/boot.ts started is taken over
 * when it arrived well). A few lines instead of i18next-http-backend, which the first screen does not
 * need; a file that fails leaves the translations empty (a missing key shows '-').
 */
export function localeFileBackend(
  loadPath: string | (() => string),
  early?: Record<string, Promise<Response | null>>,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      const template = typeof loadPath === 'string' ? loadPath : loadPath();
      const url = template.replace('{{lng}}', language).replace('{{ns}}', namespace);
      const started = early?.[url];
      if (early && started) delete early[url];
      const response = started
        ? started.then((res) => (res?.ok ? res : fetchImpl(url, { credentials: 'same-origin' })))
        : fetchImpl(url, { credentials: 'same-origin' });
      response
        .then(async (res) => {
          if (!res.ok) return callback(new Error(`${url}: ${res.status}`), RETRYABLE(res.status));
          callback(null, (await res.json()) as Record<string, string>);
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), true));
    },
  };
}

/**
 * An i18next instance and the promise of its translations: the instance can be handed out at once
 * (its locale file is being fetched meanwhile) and used once `ready` resolves.
 */
export function createI18n(options: I18nOptions = {}): {
  instance: i18n;
  ready: Promise<i18n>;
  /** Loads the whole locale file (after the first part): resolves once it is in use, or failed. */
  complete: () => Promise<void>;
} {
  const instance = i18next.createInstance();
  const lng = options.locale ?? resolveLocale();
  const loadPath = options.loadPath ?? '/resources/locale-{{lng}}.json';
  const { firstPath } = options;
  // Until complete() is called, the first part of a locale file is what is read (a language change
  // included); from then on the whole file.
  let whole = !firstPath;
  /** A key missing from what is loaded was asked for (a screen shows '-' for it). */
  let missedKey = false;
  instance.use(initReactI18next);
  if (!options.resources)
    instance.use(localeFileBackend(() => (whole || !firstPath ? loadPath : firstPath), options.early));
  const ready = instance
    .init({
      lng,
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      load: 'currentOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      returnNull: false,
      returnEmptyString: false,
      parseMissingKeyHandler: () => {
        missedKey = true;
        return MISSING_KEY_TEXT;
      },
      // Screens re-render when the whole file replaces the first part, and only if one of them showed
      // '-' for a key the part lacks: redrawing the whole app for nothing is a long task on a phone.
      react: { bindI18n: `languageChanged ${WHOLE_FILE_ARRIVED}` },
      resources: options.resources
        ? { [lng]: { translation: options.resources as Record<string, string> } }
        : undefined,
    })
    .then(() => instance);
  // Which language the whole file is in use for (a failed read leaves the first part, asked again at
  // the next call).
  let completeFor: string | null = null;
  let completing: Promise<void> | null = null;
  const complete = (): Promise<void> => {
    if (!firstPath || options.resources) return Promise.resolve();
    whole = true;
    if (completeFor === instance.language) return Promise.resolve();
    completing ??= ready
      .then(async () => {
        const language = instance.language;
        const before = Object.keys(instance.getResourceBundle(language, 'translation') ?? {}).length;
        await instance.reloadResources([language], ['translation']);
        const after = Object.keys(instance.getResourceBundle(language, 'translation') ?? {}).length;
        if (after > before) {
          completeFor = language;
          if (missedKey) instance.emit(WHOLE_FILE_ARRIVED);
        }
      })
      .catch(() => undefined)
      .finally(() => {
        completing = null;
      });
    return completing;
  };
  return { instance, ready, complete };
}

export async function initI18n(options: I18nOptions = {}): Promise<i18n> {
  return createI18n(options).ready;
}
