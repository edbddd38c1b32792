// The named states (routes) of the PWA and the modules of its sidebar. The server reads this list
// to answer `app/states`, `home/permissions` and `Home/navigation-modules`; the client's route table
// uses the same names, so a state's permission key lives in one place.
import { z } from 'zod';
import { Int32 } from './common';

export const AppState = z.object({
  Name: z.string(),
  Url: z.string(),
  PermissionKey: z.string().nullable(),
  AllowAnonymous: z.boolean(),
  SkipGuard: z.boolean(),
  RequireReload: z.boolean(),
  /** Office screens: online only; while offline they say so instead of failing calls. */
  OnlineOnly: z.boolean(),
});
export type AppState = z.infer<typeof AppState>;

export const StatePermission = z.object({
  Name: z.string(),
  PermissionKey: z.string().nullable(),
  CanRead: z.boolean(),
});
export type StatePermission = z.infer<typeof StatePermission>;

export const NavigationModule = z.object({
  ModuleID: Int32.nullable(),
  Name: z.string(),
  State: z.string(),
  Url: z.string(),
  Icon: z.string(),
  Group: z.string(),
});
export type NavigationModule = z.infer<typeof NavigationModule>;

// The states themselves, the sidebar's entries and their rules are plain data (no schema), so the
// PWA's first screen reads them without the schema library (src/contract/app-states.ts).
export { NAV_ENTRIES } from './app-nav';
export { APP_STATES, effectiveKey, listedForApplicant } from './app-states';
