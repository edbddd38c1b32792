// Module ids (permission areas), spec 000 §3.
import { z } from 'zod';
import { Int32 } from './common';
// The ids are plain data (the PWA's first screen reads them without the schema library).
import { ModuleId } from './module-ids';

export { ModuleId };

export const IcdModule = z.object({ ModuleID: Int32, Name: z.string() });
export type IcdModule = z.infer<typeof IcdModule>;

export const DivisionalModule = z.object({ DivisionID: Int32, ModuleID: Int32 });
export type DivisionalModule = z.infer<typeof DivisionalModule>;

/** Display names of the modules, keyed by id (names as the spec spells them, spaced). */
export const MODULE_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(ModuleId).map(([name, id]) => [id, name.replace(/([a-z])([A-Z])/g, '$1 $2')]),
);
