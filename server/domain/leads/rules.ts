// Business rules of leads with no I/O: status colours and kinds, division lead data, how an
// interaction (possibly recorded offline, synced late) changes a lead.
import {
  LEAD_DATA_VALUE_MAX,
  type LeadData,
  LeadStatusType,
  leadDataKeysOf,
} from '../../../src/contract/leads';

/** Hue (0–360) of a '#rrggbb' colour; greys are 0. */
export function hueOf(color: string): number {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!m) return 0;
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => Number.parseInt(h, 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  if (d === 0) return 0;
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  const deg = Math.round(h * 60);
  return deg < 0 ? deg + 360 : deg;
}

export interface StatusLike {
  LeadStatusID: number;
  DivisionID: number;
  TypeFlags: number;
  Name: string;
}

/** Field errors for the statuses of an interaction on a lead of `divisionId` (empty when fine). */
export function statusErrors(
  divisionId: number,
  statuses: ReadonlyMap<number, StatusLike>,
  change: { LeadStatusID?: number | null; DeclaredStatusID?: number | null },
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (change.LeadStatusID != null) {
    const s = statuses.get(change.LeadStatusID);
    if (!s || s.DivisionID !== divisionId) errors.LeadStatusID = ["This status is not one of the division's"];
    else if ((s.TypeFlags & (LeadStatusType.Interaction | LeadStatusType.Observation)) === 0)
      errors.LeadStatusID = [`'${s.Name}' is a declaration; send it as DeclaredStatusID`];
  }
  if (change.DeclaredStatusID != null) {
    const s = statuses.get(change.DeclaredStatusID);
    if (!s || s.DivisionID !== divisionId)
      errors.DeclaredStatusID = ["This status is not one of the division's"];
    else if ((s.TypeFlags & LeadStatusType.Declaration) === 0)
      errors.DeclaredStatusID = [`'${s.Name}' is not a declaration status`];
  }
  return errors;
}

/** Field errors for lead Data against the division's lead data keys (spec 000 §3). */
export function leadDataErrors(divisionId: number, data: LeadData | undefined): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!data) return errors;
  const keys = leadDataKeysOf(divisionId);
  const allowed = new Set(keys.map((k) => k.Key));
  for (const [key, value] of Object.entries(data)) {
    if (!allowed.has(key)) {
      errors[`Data.${key}`] = [
        keys.length
          ? `Unknown lead data key; this division uses ${keys.map((k) => `'${k.Key}'`).join(', ')}`
          : 'This division has no lead data keys',
      ];
    } else if (value.length > LEAD_DATA_VALUE_MAX) {
      errors[`Data.${key}`] = [`At most ${LEAD_DATA_VALUE_MAX} characters`];
    }
  }
  return errors;
}

/** Data merged: keys with an empty value are removed. */
export function mergeLeadData(current: LeadData, patch: LeadData | undefined): LeadData {
  if (!patch) return current;
  const out: LeadData = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v.trim() === '') delete out[k];
    else out[k] = v.trim();
  }
  return out;
}

/**
 * Whether an interaction at `occurredAt` sets the lead's current status: only when it is not older
 * than the newest interaction already applied (an offline interaction synced late must not
 * overwrite a newer one; it still enters the history).
 */
export function interactionIsCurrent(lastActivityAt: Date | null, occurredAt: Date): boolean {
  return lastActivityAt === null || occurredAt.getTime() >= lastActivityAt.getTime();
}

/** Clock skew tolerated for an interaction time in the future (same as tokens, spec 000 §9). */
export const FUTURE_TOLERANCE_MS = 15 * 60_000;

export function occurredAtError(occurredAt: Date, now: Date): string | null {
  if (Number.isNaN(occurredAt.getTime())) return 'Not a valid instant';
  if (occurredAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) return 'Cannot be in the future';
  if (occurredAt.getFullYear() < 2000) return 'Too far in the past';
  return null;
}

/** Whether a note is required for this status under the policy. */
export function noteMissing(
  policy: { NoteRequiredStatusIDs: readonly number[] },
  statusId: number | null | undefined,
  note: string | null | undefined,
): boolean {
  return statusId != null && policy.NoteRequiredStatusIDs.includes(statusId) && !note?.trim();
}
