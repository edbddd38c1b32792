// Parts shared by the organisation routes (routes-offices, routes-divisions, routes-corporations).
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';
import { ADMIN, MANAGE, READ } from './scope';

export const IdParam = z.object({ id: QueryInt32.positive() });
export const PageParam = z.object({ page: QueryInt32.min(0) });
export const VersionQuery = z.object({ version: QueryInt32.optional() });
export const read = { permission: READ };
export const manage = { permission: MANAGE };
export const admin = { permission: ADMIN };
export const NoContent = { 204: z.null() };
