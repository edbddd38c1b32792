import { describe, expect, it } from 'vitest';
import {
  hueOf,
  interactionIsCurrent,
  leadDataErrors,
  mergeLeadData,
  noteMissing,
  occurredAtError,
  statusErrors,
} from '../../../server/domain/leads/rules';

describe('lead rules', () => {
  it('derives the hue of a colour', () => {
    expect(hueOf('#ff0000')).toBe(0);
    expect(hueOf('#2f9e44')).toBe(131);
    expect(hueOf('#1c7ed6')).toBe(208);
    expect(hueOf('#9e9e9e')).toBe(0);
  });

  it('checks statuses: division, interaction vs declaration', () => {
    const statuses = new Map([
      [1, { LeadStatusID: 1, DivisionID: 35, TypeFlags: 1, Name: 'Sold' }],
      [2, { LeadStatusID: 2, DivisionID: 35, TypeFlags: 4, Name: 'Moving' }],
      [3, { LeadStatusID: 3, DivisionID: 31, TypeFlags: 1, Name: 'Sold' }],
    ]);
    expect(statusErrors(35, statuses, { LeadStatusID: 1, DeclaredStatusID: 2 })).toEqual({});
    expect(Object.keys(statusErrors(35, statuses, { LeadStatusID: 2, DeclaredStatusID: 1 }))).toEqual([
      'LeadStatusID',
      'DeclaredStatusID',
    ]);
    expect(statusErrors(35, statuses, { LeadStatusID: 3 }).LeadStatusID).toBeDefined();
    expect(statusErrors(35, statuses, { LeadStatusID: null, DeclaredStatusID: null })).toEqual({});
  });

  it('lead data: Rogers keys only, and only for Rogers', () => {
    expect(leadDataErrors(35, { 'New Offer': 'A', New: 'B' })).toEqual({});
    expect(Object.keys(leadDataErrors(35, { Other: 'A' }))).toEqual(['Data.Other']);
    expect(leadDataErrors(29, { New: 'A' })).toEqual({ 'Data.New': ['This division has no lead data keys'] });
    expect(mergeLeadData({ New: 'A', 'New Offer': 'B' }, { New: '', 'New Offer': ' C ' })).toEqual({
      'New Offer': 'C',
    });
  });

  it('an older interaction does not become current; an equal or newer one does', () => {
    const last = new Date('2026-03-01T12:00:00Z');
    expect(interactionIsCurrent(null, last)).toBe(true);
    expect(interactionIsCurrent(last, new Date('2026-03-01T11:59:59Z'))).toBe(false);
    expect(interactionIsCurrent(last, last)).toBe(true);
  });

  it('OccurredAt may be in the past (offline), not beyond the clock-skew tolerance in the future', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(occurredAtError(new Date('2026-02-20T08:00:00Z'), now)).toBeNull();
    expect(occurredAtError(new Date('2026-03-01T12:10:00Z'), now)).toBeNull();
    expect(occurredAtError(new Date('2026-03-01T12:20:00Z'), now)).toBe('Cannot be in the future');
  });

  it('notes required by the policy', () => {
    expect(noteMissing({ NoteRequiredStatusIDs: [5] }, 5, ' ')).toBe(true);
    expect(noteMissing({ NoteRequiredStatusIDs: [5] }, 5, 'after 6')).toBe(false);
    expect(noteMissing({ NoteRequiredStatusIDs: [5] }, 4, null)).toBe(false);
  });
});
