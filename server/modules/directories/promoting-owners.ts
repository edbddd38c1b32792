// Promoting owners: the owners who promoted corporations (one promoting owner per corporation).
import { promotingOwnerCorporations, promotingOwners } from '../../db/tables';
import { linkedPeopleService } from './linked-people';

export const promotingOwnerService = linkedPeopleService({
  // Same column set as the auditors' table (schema/directories.ts person()); see LinkedPeopleConfig.
  table: promotingOwners as unknown as Parameters<typeof linkedPeopleService>[0]['table'],
  link: {
    table: promotingOwnerCorporations,
    owner: promotingOwnerCorporations.PromotingOwnerID,
    corporation: promotingOwnerCorporations.IcdCorporationID,
  },
  insertLinks: async (tx, PromotingOwnerID, ids) => {
    if (ids.length)
      await tx
        .insert(promotingOwnerCorporations)
        .values(ids.map((IcdCorporationID) => ({ PromotingOwnerID, IcdCorporationID })));
  },
  what: 'The promoting owner',
  noun: 'promoting owner',
  exclusive: true,
  inUseMessage: (name, corps) =>
    `${name} is the promoting owner of ${corps}. Remove these corporations from the promoting owner before deleting it.`,
});
