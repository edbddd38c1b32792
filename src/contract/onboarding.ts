// Onboarding: what an applicant reads of their own application (spec 001 "Onboarding application";
// status names from the shared enumeration). The full application (documents, reference fields) is
// the onboarding area's; this is the part an applicant's landing page shows.
import { z } from 'zod';
import { Instant } from './common';

/** Onboarding application status names (spec 001 §3, shared enumeration) that an applicant can be in. */
export const ApplicationStatusName = z.enum(['Initial', 'Incomplete', 'Approved', 'Terminated', 'Suspended']);
export type ApplicationStatusName = z.infer<typeof ApplicationStatusName>;

export const MyApplication = z.object({
  Status: ApplicationStatusName,
  /** When the application was made (the applicant's account was created). */
  SubmittedAt: Instant,
  FirstName: z.string(),
  LastName: z.string(),
  EmailAddress: z.string().nullable(),
  /** The office the applicant applied to (null: none chosen yet). */
  Office: z
    .object({
      IcdOfficeID: z.number().int(),
      OfficeName: z.string(),
      City: z.string(),
      StateProvince: z.string(),
    })
    .nullable(),
  Divisions: z.array(z.string()),
});
export type MyApplication = z.infer<typeof MyApplication>;
