// Every table, for drizzle's relational API and drizzle-kit (one file per area under schema/).
export * from './schema/access';
export * from './schema/bank';
export * from './schema/commission';
export * from './schema/directories';
export * from './schema/idempotency';
export * from './schema/leads';
export * from './schema/notices';
export * from './schema/onboarding';
export * from './schema/orders';
export * from './schema/organisation';
export * from './schema/payroll';
export * from './schema/payroll-manual';
export * from './schema/people';
export * from './schema/platform';
export * from './schema/scheduling';
export * from './schema/time';
export * from './schema/time-management';
