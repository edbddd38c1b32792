// Small pieces shared by the leads route files.
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';

export const IdParams = z.object({ id: QueryInt32.positive() });
export const GroupGeographyParams = z.object({
  id: QueryInt32.positive(),
  geographyId: QueryInt32.positive(),
});
export const WORK = { permission: 'leads:work' } as const;
export const MANAGE = { permission: 'leads:manage' } as const;
export const NoContent = { 204: z.null() };
