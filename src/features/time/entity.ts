// The entity name of the Clock's offline drafts and outbox rows (plain data: the Clock's first screen
// reads its drafts without loading the commands, src/features/time/commands.ts).
export const TIME_ENTRY = 'timeEntry';
