// Where each offline command's code lives. Features own their command files; the sync engine loads a
// feature's file only once a change of one of its commands waits in the outbox (or is edited there),
// so a device with nothing queued, or only punches, never loads the other features' command code. A
// screen that queues changes imports its own commands itself. Every file is precached by the service
// worker, so this works offline too. tests/unit/app/commands-catalog.test.ts checks that each file
// registers exactly the names listed here.
export const COMMAND_FILES: ReadonlyArray<{ names: readonly string[]; load: () => Promise<unknown> }> = [
  {
    names: ['timeEntry.create', 'timeEntry.patch'],
    load: () => import('../features/time/commands'),
  },
  {
    names: [
      'timeModification.acknowledge',
      'timesheet.createEntry',
      'timesheet.updateEntry',
      'timesheet.deleteEntry',
    ],
    load: () => import('../features/time-management/commands'),
  },
  {
    names: ['scheduleEvent.respond', 'scheduleEvent.save'],
    load: () => import('../features/scheduling/commands'),
  },
  {
    names: ['lead.logInteraction', 'lead.create'],
    load: () => import('../features/leads/commands'),
  },
  {
    names: ['workOrder.create'],
    load: () => import('../features/orders/field/commands'),
  },
  {
    names: ['legalNotice.acknowledge'],
    load: () => import('../features/notices/commands'),
  },
  {
    names: ['onboardingField.save'],
    load: () => import('../features/onboarding/applicant/commands'),
  },
];

/** Loads the files that register these commands; a name no file lists is left to the engine to report. */
export async function loadCommands(names: readonly string[]): Promise<void> {
  const files = COMMAND_FILES.filter((file) => names.some((name) => file.names.includes(name)));
  await Promise.all(files.map((file) => file.load()));
}
