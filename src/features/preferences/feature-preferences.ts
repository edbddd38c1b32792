// Feature preferences (spec 000 §3, §4, §9; spec 002 §9).
//
// The server lists each feature with an option: optional, enabled, disabled, optIn, optOut, noPref.
// - enabled and disabled are fixed: the user cannot change them.
// - For any other option the user may switch between optIn and optOut. The choice is kept for the
//   browser session in sessionStorage under `apex.features:<api root>` (one key per API root, so two
//   instances of the app on one origin do not mix), as JSON `{ "<Feature>": "optIn" | "optOut" }`.
// - Without a choice, a feature the server lists as optIn or optOut keeps that option, and any other
//   (optional, noPref) is noPref: an unset preference.
// - A feature is on when its option is enabled or optIn.
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useApiClient } from '../../api/api-context';
import type { StorageLike } from '../../api/method-support';
import type { FeatureOption, FeaturePreference } from '../../contract/auth';
import { featuresQueryOptions } from './get-features';

export type FeatureChoice = 'optIn' | 'optOut';

/** enabled and disabled are set for the user; no other option is. */
export function isFixedOption(option: FeatureOption): boolean {
  return option === 'enabled' || option === 'disabled';
}

/** A feature is on when enabled or optIn. */
export function isOptionOn(option: FeatureOption): boolean {
  return option === 'enabled' || option === 'optIn';
}

export function featurePreferencesStorageKey(apiRoot: string): string {
  return `apex.features:${apiRoot}`;
}

function isChoice(value: unknown): value is FeatureChoice {
  return value === 'optIn' || value === 'optOut';
}

function defaultSessionStorage(): StorageLike | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export class FeaturePreferences {
  readonly storageKey: string;
  private readonly storage: StorageLike | null;
  private readonly listeners = new Set<() => void>();
  /** Used when sessionStorage is unavailable: the choices then last for this page. */
  private memory = '';

  constructor(options: { apiRoot: string; storage?: StorageLike | null }) {
    this.storageKey = featurePreferencesStorageKey(options.apiRoot);
    this.storage = options.storage === undefined ? defaultSessionStorage() : options.storage;
  }

  /** The stored JSON (a stable snapshot for useSyncExternalStore). */
  snapshot = (): string => {
    try {
      return this.storage?.getItem(this.storageKey) ?? this.memory;
    } catch {
      return this.memory;
    }
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The user's choices of this session. */
  choices(): Record<string, FeatureChoice> {
    const raw = this.snapshot();
    if (!raw) return {};
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
      return Object.fromEntries(Object.entries(parsed).filter(([, value]) => isChoice(value))) as Record<
        string,
        FeatureChoice
      >;
    } catch {
      return {};
    }
  }

  private save(choices: Record<string, FeatureChoice>): void {
    const raw = Object.keys(choices).length === 0 ? '' : JSON.stringify(choices);
    this.memory = raw;
    try {
      if (raw) this.storage?.setItem(this.storageKey, raw);
      else this.storage?.removeItem(this.storageKey);
    } catch {
      // storage full or denied: the in-memory copy holds the choice for this page
    }
    for (const listener of [...this.listeners]) listener();
  }

  /** The option in effect for a feature the server listed (see the rules above). */
  optionOf(flag: FeaturePreference): FeatureOption {
    if (isFixedOption(flag.Option)) return flag.Option;
    const choice = this.choices()[flag.Feature];
    if (choice) return choice;
    return isChoice(flag.Option) ? flag.Option : 'noPref';
  }

  isOn(flag: FeaturePreference): boolean {
    return isOptionOn(this.optionOf(flag));
  }

  canChange(flag: FeaturePreference): boolean {
    return !isFixedOption(flag.Option);
  }

  /** Records the user's choice; refused (false) for a fixed feature. */
  choose(flag: FeaturePreference, choice: FeatureChoice): boolean {
    if (!this.canChange(flag) || !isChoice(choice)) return false;
    this.save({ ...this.choices(), [flag.Feature]: choice });
    return true;
  }

  /** Forgets the user's choice: the feature is back to the server's option (or noPref). */
  clear(feature: string): void {
    const { [feature]: _dropped, ...rest } = this.choices();
    this.save(rest);
  }
}

const instances = new Map<string, FeaturePreferences>();

/** The one FeaturePreferences of an API root in this page (shared, so every screen sees a change). */
export function featurePreferencesFor(apiRoot: string): FeaturePreferences {
  let found = instances.get(apiRoot);
  if (!found) {
    found = new FeaturePreferences({ apiRoot });
    instances.set(apiRoot, found);
  }
  return found;
}

/** The FeaturePreferences of the app's ApiClient; the component re-renders when a choice changes. */
export function useFeaturePreferences(): FeaturePreferences {
  const preferences = featurePreferencesFor(useApiClient().apiRoot);
  useSyncExternalStore(preferences.subscribe, preferences.snapshot, preferences.snapshot);
  return preferences;
}

/**
 * Whether a feature is on for the user: false while the list loads, when it failed, or when the
 * server does not list the feature.
 */
export function useFeatureOn(feature: string): boolean {
  const preferences = useFeaturePreferences();
  const { data } = useQuery(featuresQueryOptions(useApiClient()));
  const flag = data?.find((f) => f.Feature === feature);
  return flag ? preferences.isOn(flag) : false;
}
