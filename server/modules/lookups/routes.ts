// Lookup calls (spec 001 §7 "Lookups"; all reads); see src/contract/lookups.ts. Any of employees:read,
// employees:write or onboarding:manage opens them (the employee and onboarding forms use them).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';
import {
  AssignableRole,
  BasisOfPay,
  CompensationProfile,
  EmployeeStatusItem,
  EnumItem,
  enumItems,
  GENDER_NAMES,
  JobTitle,
  MARITAL_STATUS_NAMES,
  ModuleItem,
  TerminationReason,
  WITHHOLDING_TYPE_NAMES,
} from '../../../src/contract/lookups';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import {
  assignableRoles,
  employeeStatuses,
  kindOf,
  LOOKUP_KEYS,
  officeModules,
  tableLookup,
} from './service';

const config = { anyPermission: LOOKUP_KEYS };
const tags = ['lookups'];
const OfficeParam = z.object({ id: QueryInt32.min(0) });

export async function lookupRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const table = <S extends z.ZodType>(path: string, kind: string, idKey: string, item: S, summary: string) =>
    r.get(
      path,
      { config, schema: { tags, summary, response: { 200: z.array(item) } } },
      async () =>
        (await tableLookup(db, kind)).map((row) => ({ [idKey]: row.Id, Name: row.Name })) as z.infer<S>[],
    );
  table(
    '/termination-reasons',
    kindOf.terminationReasons,
    'TerminationReasonID',
    TerminationReason,
    'Termination reasons',
  );
  table('/job-titles', kindOf.jobTitles, 'JobTitleID', JobTitle, 'Job titles');
  table('/basis-of-pay', kindOf.basisOfPay, 'BasisOfPayID', BasisOfPay, 'Bases of pay');
  table(
    '/compensation-profiles',
    kindOf.compensationProfiles,
    'CompensationProfileID',
    CompensationProfile,
    'Compensation profiles',
  );

  const enumeration = (path: string, names: Record<number, string>, summary: string) =>
    r.get(path, { config, schema: { tags, summary, response: { 200: z.array(EnumItem) } } }, async () =>
      enumItems(names),
    );
  enumeration('/enums/genders', GENDER_NAMES, 'Genders');
  enumeration('/enums/marital-statuses', MARITAL_STATUS_NAMES, 'Marital statuses');
  enumeration('/enums/withholding-types', WITHHOLDING_TYPE_NAMES, 'Tax withholding types');

  r.get(
    '/employee-statuses',
    {
      config,
      schema: {
        tags,
        summary: 'Employee statuses; AllowsPortalAccess false: the record carries the termination fields',
        response: { 200: z.array(EmployeeStatusItem) },
      },
    },
    async () => employeeStatuses(),
  );

  r.get(
    '/roles/assignable/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Roles that may be given at an office ({id}; 0: the global roles)',
        params: OfficeParam,
        response: { 200: z.array(AssignableRole) },
      },
    },
    async (request) => assignableRoles({ db, actor: actorOf(request), id: request.params.id }),
  );

  r.get(
    '/modules/:id',
    {
      config,
      schema: {
        tags,
        summary:
          "The modules of an office's divisions ({id}: the office), which its employees may administer",
        params: OfficeParam,
        response: { 200: z.array(ModuleItem) },
      },
    },
    async (request) => officeModules({ db, actor: actorOf(request), id: request.params.id }),
  );
}
