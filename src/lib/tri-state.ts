// Tri-state checkbox (spec 000 §9, spec 002 §4): unchecked → checked → indeterminate → unchecked.

export type TriState = 'unchecked' | 'checked' | 'indeterminate';

const NEXT: Record<TriState, TriState> = {
  unchecked: 'checked',
  checked: 'indeterminate',
  indeterminate: 'unchecked',
};

export function nextTriState(state: TriState): TriState {
  return NEXT[state];
}

/** The value a form or API carries: true, false, or null for "not decided". */
export function triStateToValue(state: TriState): boolean | null {
  if (state === 'indeterminate') return null;
  return state === 'checked';
}

export function triStateFromValue(value: boolean | null | undefined): TriState {
  if (value === true) return 'checked';
  if (value === false) return 'unchecked';
  return 'indeterminate';
}
