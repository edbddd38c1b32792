// The applicant's phone flow (spec 001 §3 onboarding; the onboarding calls of src/contract/onboarding.ts):
//   GET onboarding-applications/mine/id → MyApplicationRef (onboarding:applicant, the caller's own)
import { z } from 'zod';
import { Stage } from './onboarding';

export const MyApplicationRef = z.object({ OnboardingApplicationID: z.number().int().positive(), Stage });
export type MyApplicationRef = z.infer<typeof MyApplicationRef>;
