// The payroll engine: pure functions, no I/O. See compute.ts for the order of the steps,
// classify.ts for the hour classes, rules.ts for the jurisdictions, commission.ts for the types.
export { addDays } from '../time/clock-time';
export { classify, workweekStart } from './classify';
export { commissionOf, wagesArePaid } from './commission';
export { computeEntry, LINE_ORDER } from './compute';
export { DIFFERENCE_COLUMNS, diffEntries, showFlags } from './diff';
export * from './money';
export { minimumWageOn } from './premiums';
export * from './rules';
export * from './types';
