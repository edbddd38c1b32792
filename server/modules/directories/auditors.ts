// Auditors: people who audit corporations (several auditors per corporation).
import { auditorCorporations, auditors } from '../../db/tables';
import { linkedPeopleService } from './linked-people';

export const auditorService = linkedPeopleService({
  table: auditors,
  link: {
    table: auditorCorporations,
    owner: auditorCorporations.AuditorID,
    corporation: auditorCorporations.IcdCorporationID,
  },
  insertLinks: async (tx, AuditorID, ids) => {
    if (ids.length)
      await tx
        .insert(auditorCorporations)
        .values(ids.map((IcdCorporationID) => ({ AuditorID, IcdCorporationID })));
  },
  what: 'The auditor',
  noun: 'auditor',
  exclusive: false,
  inUseMessage: (name, corps) =>
    `${name} still audits ${corps}. Remove these corporations from the auditor before deleting it.`,
});
