// Every offline command, registered before the sync engine sends anything (not inside lazy screens),
// so queued changes go out from any page. Features own their command files; the app loads them here,
// after the first screen is up (a screen that queues changes imports its own commands itself).
export function loadCommands(): Promise<unknown> {
  return Promise.all([
    import('../features/time/commands'),
    import('../features/time-management/commands'),
    import('../features/scheduling/commands'),
    import('../features/leads/commands'),
    import('../features/orders/field/commands'),
    import('../features/notices/commands'),
    import('../features/onboarding/applicant/commands'),
  ]);
}
