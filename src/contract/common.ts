// Wire-format building blocks shared by the PWA, the service worker and the server.
import { z } from 'zod';

/** Every error the server sends (ARCHITECTURE: Errors). */
export const ErrorBody = z.object({
  Message: z.string(),
  Messages: z.array(z.string()).optional(),
  Errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** YYYY-MM-DD */
export const WireDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD');
/** HH:mm:ss */
export const WireTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'Use the format HH:mm:ss');

/**
 * An instant: ISO-8601 with offset on the wire; a Date once the PWA's client has revived it (spec
 * 000 §7: date-like strings in responses become dates), so client-side parsing accepts both.
 */
export const Instant = z.union([z.iso.datetime({ offset: true }), z.date()]);
export type Instant = z.infer<typeof Instant>;

export const Division = { RoadShow: 29, Dtv: 31, Rogers: 35 } as const;
export const Country = { US: 1, Canada: 2 } as const;
export const JobStatus = { Queued: 1, Processing: 2, Failed: 3, Succeeded: 4 } as const;
export const EmployeeStatus = { Active: 1, Terminated: 2, Pending: 3 } as const;
export const CorporationStatus = { Active: 1, Inactive: 2 } as const;
export const GrantType = { GrantAll: 1, GrantRole: 2, GrantClaims: 3, None: 4 } as const;
export const RoleScope = {
  Global: 1,
  Divisional: 2,
  Organizational: 3,
  EmploymentRecord: 4,
  Hidden: 5,
} as const;

export const PagingQuery = z.object({
  pageIndex: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
});

export function pagedResult<T extends z.ZodType>(item: T) {
  return z.object({
    Items: z.array(item),
    TotalCount: z.number().int(),
    PageIndex: z.number().int(),
    PageSize: z.number().int(),
  });
}
