// Permission keys the route guard reads on the first screen (spec 000 §2), as plain data: no schema
// library here (src/contract/permissions.ts re-exports them with the permission catalogue).

/** Holding this permission makes the user an onboarding applicant (route guard rule, spec 000 §2). */
export const ONBOARDING_PERMISSION = 'onboarding:applicant';
/** The one navigation key an onboarding applicant may still open. */
export const APPLICATION_STATUS_KEY = 'navigation:applicationStatus';
