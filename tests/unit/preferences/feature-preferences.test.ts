import { afterEach, describe, expect, it } from 'vitest';
import type { FeatureOption } from '../../../src/contract/auth';
import {
  FeaturePreferences,
  featurePreferencesFor,
  featurePreferencesStorageKey,
  isFixedOption,
  isOptionOn,
} from '../../../src/features/preferences/feature-preferences';
import { memoryStorage } from '../api/helpers';

const flag = (Feature: string, Option: FeatureOption) => ({ Feature, Option });
const ALL: FeatureOption[] = ['optional', 'enabled', 'disabled', 'optIn', 'optOut', 'noPref'];

afterEach(() => {
  sessionStorage.clear();
});

describe('feature options', () => {
  it('only enabled and disabled are fixed', () => {
    expect(ALL.filter(isFixedOption)).toEqual(['enabled', 'disabled']);
  });

  it('a feature is on when enabled or optIn', () => {
    expect(ALL.filter(isOptionOn)).toEqual(['enabled', 'optIn']);
  });
});

describe('FeaturePreferences', () => {
  function prefs(storage = memoryStorage()) {
    return { storage, preferences: new FeaturePreferences({ apiRoot: '/api/', storage }) };
  }

  it('keeps enabled and disabled as the server set them; the user cannot change them', () => {
    const { preferences, storage } = prefs();
    for (const option of ['enabled', 'disabled'] as const) {
      const f = flag('Map', option);
      expect(preferences.canChange(f)).toBe(false);
      expect(preferences.choose(f, option === 'enabled' ? 'optOut' : 'optIn')).toBe(false);
      expect(preferences.optionOf(f)).toBe(option);
    }
    expect(storage.data.size).toBe(0);
    // even a choice stored for the feature (e.g. before an admin fixed it) does not apply
    storage.setItem('apex.features:/api/', JSON.stringify({ Map: 'optOut' }));
    expect(preferences.isOn(flag('Map', 'enabled'))).toBe(true);
  });

  it('an unset preference is noPref (off) for optional and noPref features', () => {
    const { preferences } = prefs();
    expect(preferences.optionOf(flag('A', 'optional'))).toBe('noPref');
    expect(preferences.optionOf(flag('B', 'noPref'))).toBe('noPref');
    expect(preferences.isOn(flag('A', 'optional'))).toBe(false);
  });

  it('without a choice, a feature listed as optIn or optOut keeps that option', () => {
    const { preferences } = prefs();
    expect(preferences.optionOf(flag('A', 'optIn'))).toBe('optIn');
    expect(preferences.isOn(flag('A', 'optIn'))).toBe(true);
    expect(preferences.optionOf(flag('B', 'optOut'))).toBe('optOut');
    expect(preferences.isOn(flag('B', 'optOut'))).toBe(false);
  });

  it('lets the user switch between optIn and optOut for every other option', () => {
    const { preferences } = prefs();
    for (const option of ['optional', 'optIn', 'optOut', 'noPref'] as const) {
      const f = flag(`F-${option}`, option);
      expect(preferences.canChange(f)).toBe(true);
      expect(preferences.choose(f, 'optIn')).toBe(true);
      expect([preferences.optionOf(f), preferences.isOn(f)]).toEqual(['optIn', true]);
      expect(preferences.choose(f, 'optOut')).toBe(true);
      expect([preferences.optionOf(f), preferences.isOn(f)]).toEqual(['optOut', false]);
    }
  });

  it('keeps the choice in session storage under a per-instance key', () => {
    const storage = memoryStorage();
    const one = new FeaturePreferences({ apiRoot: '/api/', storage });
    const other = new FeaturePreferences({ apiRoot: 'https://b.example/api/', storage });
    one.choose(flag('Map', 'optional'), 'optIn');
    expect(featurePreferencesStorageKey('/api/')).toBe('apex.features:/api/');
    expect(JSON.parse(storage.data.get('apex.features:/api/')!)).toEqual({ Map: 'optIn' });
    expect(other.optionOf(flag('Map', 'optional'))).toBe('noPref');
    // a new instance over the same storage (a reload in the same browser session) sees the choice
    expect(new FeaturePreferences({ apiRoot: '/api/', storage }).optionOf(flag('Map', 'optional'))).toBe(
      'optIn',
    );
  });

  it('uses sessionStorage by default, not localStorage', () => {
    const preferences = new FeaturePreferences({ apiRoot: '/api/' });
    preferences.choose(flag('Map', 'optional'), 'optOut');
    expect(sessionStorage.getItem('apex.features:/api/')).toBe('{"Map":"optOut"}');
    expect(localStorage.getItem('apex.features:/api/')).toBeNull();
  });

  it('clears a choice back to the unset preference, and tells subscribers of changes', () => {
    const { preferences } = prefs();
    const seen: string[] = [];
    const unsubscribe = preferences.subscribe(() => seen.push(preferences.snapshot()));
    preferences.choose(flag('Map', 'optional'), 'optIn');
    preferences.clear('Map');
    expect(preferences.optionOf(flag('Map', 'optional'))).toBe('noPref');
    expect(seen).toEqual(['{"Map":"optIn"}', '']);
    unsubscribe();
    preferences.choose(flag('Map', 'optional'), 'optIn');
    expect(seen).toHaveLength(2);
  });

  it('ignores unreadable stored values', () => {
    const { preferences, storage } = prefs();
    storage.setItem('apex.features:/api/', '{broken');
    expect(preferences.optionOf(flag('Map', 'optional'))).toBe('noPref');
    storage.setItem('apex.features:/api/', JSON.stringify({ Map: 'enabled', Grid: 'optIn' }));
    expect(preferences.optionOf(flag('Map', 'optional'))).toBe('noPref');
    expect(preferences.optionOf(flag('Grid', 'optional'))).toBe('optIn');
  });

  it('shares one instance per API root in a page', () => {
    expect(featurePreferencesFor('/api/')).toBe(featurePreferencesFor('/api/'));
    expect(featurePreferencesFor('/api/')).not.toBe(featurePreferencesFor('/other/'));
  });
});
