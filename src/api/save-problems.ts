// A refused save as a form reads it: the server's message and its reasons by field, which fields a
// form shows, and whether a banner above the form is still needed (src/ui/refusal-banner.tsx).
// Apart from errors.ts so the first screen, which saves no form, does not load it.
import { isResponseError } from './errors';

export interface SaveProblem {
  status: number;
  message: string;
  errors: Record<string, string[] | undefined>;
}

export function saveProblem(err: unknown): SaveProblem {
  if (isResponseError(err)) {
    const data = (err.data ?? {}) as { Message?: string; Errors?: Record<string, string[]> };
    return { status: err.status, message: data.Message ?? err.message, errors: data.Errors ?? {} };
  }
  return { status: 0, message: err instanceof Error ? err.message : String(err), errors: {} };
}

/**
 * The fields a form shows a refusal's messages beside: exact keys ('Name') and rows of a list, whose
 * index is written `*` ('Tiers.*', 'Deductions.*.Rate'; 'Tiers.*' also covers 'Tiers.2.From').
 */
export function formFields(...keys: string[]): (key: string) => boolean {
  const patterns = keys.map((k) => {
    // Field keys are identifiers: only the dots and the row indexes need care.
    const body = k
      .split('.')
      .map((part) => (part === '*' ? '\\d+' : part))
      .join('\\.');
    return new RegExp(k.endsWith('.*') ? `^${body}(\\..+)?$` : `^${body}$`);
  });
  // A row index may come as 'Lines[0].Name' as well as 'Lines.0.Name'.
  return (key) => {
    const dotted = key.replace(/\[(\d+)\]/g, '.$1');
    return patterns.some((p) => p.test(dotted));
  };
}

/**
 * Whether every reason of a refusal is said beside a field of the form (`errors` by field key, as
 * the server's Errors): the banner above the form would only repeat them, so it is left out. A
 * refusal naming no field, or a field the form does not show, keeps its banner.
 */
export function saidBesideFields(
  errors: Record<string, readonly string[] | string | undefined>,
  isField: (key: string) => boolean,
): boolean {
  const keys = Object.keys(errors).filter((k) => errors[k]?.length);
  return keys.length > 0 && keys.every(isField);
}

/**
 * Whether a failed save (read by saveProblem) still needs the banner above the form: a stale version
 * (409), a call that got no answer, or a refusal not every reason of which is said beside a field
 * the form shows (saidBesideFields of its Errors). src/ui/refusal-banner.tsx draws it.
 */
export function problemNeedsBanner(problem: SaveProblem, isField: (key: string) => boolean): boolean {
  return problem.status === 409 || !saidBesideFields(problem.errors, isField);
}
