// src/app/commands.ts names, for each feature's command file, the commands it registers: the sync
// engine loads a file only for a queued change of one of those names, so a name missing from the list
// would leave that change unsent until its screen is opened. Each file is loaded in turn and must
// register exactly its names; together they must be every command the app registers.
import { describe, expect, it, vi } from 'vitest';
import { COMMAND_FILES } from '../../../src/app/commands';
import { commandRegistry } from '../../../src/offline/commands';

describe('the offline command catalog', () => {
  it('each file registers exactly the commands listed for it', async () => {
    const before = new Set(commandRegistry.names());
    for (const file of COMMAND_FILES) {
      const known = new Set(commandRegistry.names());
      await file.load();
      const added = commandRegistry.names().filter((name) => !known.has(name));
      // A file may import another's (time management uses the time entry's entity name): then that
      // file's commands are already known, so they are checked only when it is listed first.
      expect(file.names.filter((name) => !known.has(name)).sort()).toEqual(added.sort());
      for (const name of file.names) expect(commandRegistry.get(name), name).toBeDefined();
    }
    const listed = COMMAND_FILES.flatMap((file) => file.names);
    expect(new Set(listed).size).toBe(listed.length);
    expect(
      commandRegistry
        .names()
        .filter((name) => !before.has(name))
        .sort(),
    ).toEqual([...listed].sort());
  });

  it('loads only the files of the names asked for', async () => {
    vi.resetModules();
    const fresh = await import('../../../src/app/commands');
    const { commandRegistry: registry } = await import('../../../src/offline/commands');
    expect(registry.names()).toEqual([]);
    await fresh.loadCommands(['lead.create', 'no.such']);
    expect(registry.names().sort()).toEqual(['lead.create', 'lead.logInteraction']);
  });
});
