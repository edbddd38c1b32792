// How the applicant's flow groups a policy's reference fields into steps, and which review comment
// concerns which step (FedW4Error, ProvW4Error: tax; I9Error: ids and documents; DDerror: bank).
import type { OnboardingFieldValue, ReviewComments } from '../../../contract/onboarding';

export const STEP_KEYS = ['personal', 'contact', 'tax', 'bank', 'documents', 'review'] as const;
export type StepKey = (typeof STEP_KEYS)[number];

/** The step a reference field belongs to, by its name (a policy names its fields freely). */
export function stepOfField(name: string): Exclude<StepKey, 'documents' | 'review'> {
  const n = name.toLowerCase();
  if (/\b(bank|account|transit|routing|institution)\b/.test(n)) return 'bank';
  if (/\b(sin|ssn|tax|td1|w-?4|i-?9|social|insurance|licen[cs]e|passport|permit|id)\b/.test(n)) return 'tax';
  if (/\b(phone|address|city|postal|zip|e-?mail|emergency|contact)\b/.test(n)) return 'contact';
  return 'personal';
}

export const COMMENT_STEP: Record<keyof ReviewComments, StepKey> = {
  FedW4Error: 'tax',
  ProvW4Error: 'tax',
  I9Error: 'documents',
  DDerror: 'bank',
};

/** The review comments that ask for a fix, by step. */
export function commentsByStep(c: ReviewComments): Partial<Record<StepKey, string[]>> {
  const out: Partial<Record<StepKey, string[]>> = {};
  for (const key of Object.keys(COMMENT_STEP) as (keyof ReviewComments)[]) {
    const text = c[key]?.trim();
    if (!text) continue;
    const step = COMMENT_STEP[key];
    out[step] = [...(out[step] ?? []), text];
  }
  return out;
}

/** A value as the form holds it: a date field's day as 'YYYY-MM-DD' (the client revives it to a Date). */
export function formValue(value: OnboardingFieldValue['Value']): string {
  if (value === null) return '';
  if (value instanceof Date) {
    const p = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${p(value.getMonth() + 1)}-${p(value.getDate())}`;
  }
  return value;
}
