// The banner above a form after a refused save, by the app's refusal rule (problemNeedsBanner): none
// when every reason is said beside a field the form shows; otherwise the server's sentence ("The work
// order could not be saved.") with the reasons no field shows, so a reason is never said twice nor
// nowhere. A stale version (409) says so in the form's own words (`stale`).
// Shared by every area's forms; not part of the first screen (the shell and the Clock do not load it).
import { Alert, type AlertProps, List } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../api/errors';
import { reasonsNotBeside, serverMessages } from '../api/field-errors';
import { problemNeedsBanner, type SaveProblem, saveProblem } from '../api/save-problems';

export function RefusalBanner({
  error,
  problem: read,
  isField,
  stale,
  testId,
  mt,
}: {
  /** The failed save's error, or null/undefined when there is none. */
  error?: unknown;
  /** Or the refusal already read (saveProblem, or a form's own check in the same shape). */
  problem?: SaveProblem | null;
  /** The keys of the server's Errors the form shows beside a field (formFields). */
  isField: (key: string) => boolean;
  /** What a 409 adds (someone else changed the record; what the form did about it). */
  stale?: ReactNode;
  testId?: string;
  /** Space above the banner, when the form's layout gives none. */
  mt?: AlertProps['mt'];
}) {
  const fromError = error !== null && error !== undefined;
  const problem = read ?? (fromError ? saveProblem(error) : null);
  if (!problem || !problemNeedsBanner(problem, isField)) return null;
  const conflict = problem.status === 409;
  // A refusal naming no field may still list what failed (a bulk call's "Row 2: …").
  const reasons = [
    ...new Set(
      Object.keys(problem.errors).length
        ? reasonsNotBeside(problem.errors, isField)
        : fromError && !read
          ? serverMessages(error)
          : [],
    ),
  ];
  const message = read ? read.message : errorMessage(error);
  const body = (
    <>
      {conflict && stale}
      {reasons.length > 0 && (
        <List size="sm" mt={conflict && stale ? 4 : 0}>
          {reasons.map((r) => (
            <List.Item key={r}>{r}</List.Item>
          ))}
        </List>
      )}
    </>
  );
  const hasBody = reasons.length > 0 || (conflict && stale);
  return (
    <Alert
      color={conflict ? 'yellow' : 'red'}
      variant="light"
      title={hasBody ? message : undefined}
      data-testid={testId}
      mt={mt}
    >
      {hasBody ? body : message}
    </Alert>
  );
}
