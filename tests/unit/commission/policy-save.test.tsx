// The save shared by the commission policy editors: a success reloads the lists and closes; a refusal
// is kept with its field messages (and runs the editor's own undo, e.g. the delete confirmation); a
// stale Version (409) also reloads the lists so the editor can be reopened on the current policy.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ResponseError } from '../../../src/api/errors';
import { COMMISSION_KEY } from '../../../src/features/commission/api';
import { usePolicySave } from '../../../src/features/commission/editor-parts';
import { appProviders } from '../ui/render-app';

async function setup(onFail?: () => void) {
  const { wrapper, queryClient } = await appProviders();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const onClose = vi.fn();
  const hook = renderHook(() => usePolicySave(onClose, onFail), { wrapper });
  return { hook, invalidate, onClose };
}

describe('usePolicySave', () => {
  it('reloads the policies and closes after a save', async () => {
    const { hook, invalidate, onClose } = await setup();
    await act(() => hook.result.current.run(async () => undefined));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: COMMISSION_KEY });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(hook.result.current.problem).toBeNull();
    expect(hook.result.current.busy).toBe(false);
  });

  it('keeps a refusal with its field messages, stays open and does not reload', async () => {
    const onFail = vi.fn();
    const { hook, invalidate, onClose } = await setup(onFail);
    const refused = new ResponseError({
      status: 400,
      data: { Message: 'Overlaps "Spring"', Errors: { Name: ['Taken', 'Too long'] } },
    });
    await act(() => hook.result.current.run(() => Promise.reject(refused)));
    expect(onClose).not.toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalled();
    expect(onFail).toHaveBeenCalledTimes(1);
    expect(hook.result.current.problem?.message).toBe('Overlaps "Spring"');
    expect(hook.result.current.fieldError('Name')).toBe('Taken Too long');
    expect(hook.result.current.fieldError('StartDate')).toBeUndefined();
  });

  it('on a stale version reloads the policies but stays open', async () => {
    const { hook, invalidate, onClose } = await setup();
    const stale = new ResponseError({ status: 409, data: { Message: 'Changed meanwhile' } });
    await act(() => hook.result.current.run(() => Promise.reject(stale)));
    expect(hook.result.current.problem?.status).toBe(409);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: COMMISSION_KEY });
    expect(onClose).not.toHaveBeenCalled();
  });
});
