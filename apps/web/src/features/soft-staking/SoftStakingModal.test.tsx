import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils.js';
import { SoftStakingModal } from './SoftStakingModal.js';

afterEach(() => vi.unstubAllGlobals());

describe('SoftStakingModal', () => {
  it('says why a switch failed, stays open, and switches on a retry', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL | string) => {
        if (!String(url).endsWith('/switch')) return Response.json({ code: 0, data: null });
        calls++;
        return calls === 1
          ? Response.json({ code: -1, message: 'Soft staking is paused' }, { status: 400 })
          : Response.json({ code: 200, data: { status: true } });
      }),
    );
    const onClose = vi.fn();
    renderWithProviders(<SoftStakingModal mode="activate" onClose={onClose} />);
    fireEvent.click(await screen.findByTestId('soft-staking-terms'));
    fireEvent.click(screen.getByTestId('soft-staking-submit'));
    expect((await screen.findByTestId('dialog-refusal')).textContent).toContain('Soft staking is paused');
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('soft-staking-submit'));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls).toBe(2);
  });
});
