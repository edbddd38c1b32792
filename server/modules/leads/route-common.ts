// Small pieces shared by the leads route files.
import { z } from 'zod';

export const IdParams = z.object({ id: z.coerce.number().int().positive() });
export const GroupGeographyParams = z.object({
  id: z.coerce.number().int().positive(),
  geographyId: z.coerce.number().int().positive(),
});
export const WORK = { permission: 'leads:work' } as const;
export const MANAGE = { permission: 'leads:manage' } as const;
export const NoContent = { 204: z.null() };
