// The app's whole Mantine theme (Mantine's defaults with the app's colours and component defaults):
// a chunk of its own, loaded after the first screen (see mantine-provider.tsx).
import { DEFAULT_THEME, type MantineTheme, mergeMantineTheme } from '@mantine/core';
import type { TFunction } from 'i18next';
import { appTheme } from '../app/theme';

export function buildTheme(t: TFunction): MantineTheme {
  return mergeMantineTheme(DEFAULT_THEME, appTheme(t));
}
