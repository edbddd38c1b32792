import { describe, expect, it } from 'vitest';
import { nextTriState, triStateFromValue, triStateToValue } from '../../../src/lib/tri-state';

describe('tri-state', () => {
  it('cycles unchecked → checked → indeterminate → unchecked', () => {
    expect(nextTriState('unchecked')).toBe('checked');
    expect(nextTriState('checked')).toBe('indeterminate');
    expect(nextTriState('indeterminate')).toBe('unchecked');
  });

  it('maps to and from true / false / null', () => {
    expect(triStateToValue('checked')).toBe(true);
    expect(triStateToValue('unchecked')).toBe(false);
    expect(triStateToValue('indeterminate')).toBeNull();
    expect(triStateFromValue(true)).toBe('checked');
    expect(triStateFromValue(false)).toBe('unchecked');
    expect(triStateFromValue(null)).toBe('indeterminate');
    expect(triStateFromValue(undefined)).toBe('indeterminate');
  });
});
