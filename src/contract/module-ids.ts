// Module ids (permission areas), spec 000 §3. Plain data (no schema library): the PWA's first screen
// reads them; src/contract/modules.ts re-exports them with the modules' wire schemas.
export const ModuleId = {
  ApplicationAdministration: 1,
  TimeEntry: 2,
  Roster: 3,
  Payroll: 4,
  RsScheduling: 8,
  ShowLocations: 14,
  SalesTeams: 15,
  Users: 16,
  Commission: 17,
  Reports: 18,
  Auditing: 19,
  Invoicing: 20,
  Financials: 21,
  Onboarding: 22,
  Leads: 23,
  ProgramAdministration: 24,
  Payout: 25,
  RogersReports: 26,
  EventsCoordination: 27,
  EventsScheduling: 28,
} as const;
export type ModuleId = (typeof ModuleId)[keyof typeof ModuleId];
