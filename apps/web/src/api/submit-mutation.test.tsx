import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Dialog } from '../components/Dialog.js';
import { notifyError } from '../lib/notify.js';
import { renderWithProviders } from '../test-utils.js';
import { REFRESH_WAIT_MS, useSubmitMutation } from './submit-mutation.js';

describe('a change submitted from a dialog', () => {
  it('is sent once for a double click, and again once the first has been answered', async () => {
    const sent: string[] = [];
    let answer = () => {};
    function Stake() {
      const stake = useSubmitMutation({
        mutationFn: (amount: string) => {
          sent.push(amount);
          return new Promise<void>((resolve) => {
            answer = resolve;
          });
        },
      });
      return (
        <button type="button" onClick={() => stake.mutate('1.5')}>
          {stake.isSuccess ? 'staked' : 'stake'}
        </button>
      );
    }
    renderWithProviders(<Stake />);
    await userEvent.dblClick(screen.getByRole('button', { name: 'stake' }));
    expect(sent).toEqual(['1.5']);
    answer();
    await screen.findByRole('button', { name: 'staked' });
    await userEvent.click(screen.getByRole('button', { name: 'staked' }));
    await waitFor(() => expect(sent).toEqual(['1.5', '1.5']));
  });

  it('may be sent again after a refusal', async () => {
    let calls = 0;
    function Redeem() {
      const redeem = useSubmitMutation({
        mutationFn: async () => {
          calls++;
          throw new Error('refused');
        },
      });
      return (
        <button type="button" onClick={() => redeem.mutate()}>
          {redeem.isError ? 'refused' : 'redeem'}
        </button>
      );
    }
    renderWithProviders(<Redeem />);
    await userEvent.click(screen.getByRole('button', { name: 'redeem' }));
    await userEvent.click(await screen.findByRole('button', { name: 'refused' }));
    await waitFor(() => expect(calls).toBe(2));
  });

  it('reads again what it touches: before it is done, and after a refusal, whose figures were stale', async () => {
    const refreshed: string[] = [];
    let refuse = true;
    function Redeem() {
      const redeem = useSubmitMutation({
        mutationFn: async () => {
          if (refuse) throw new Error('at most 0.0008 can be redeemed');
        },
        refresh: async () => {
          refreshed.push('read');
        },
      });
      return (
        <button type="button" onClick={() => redeem.mutate()}>
          {redeem.isError ? 'refused' : redeem.isSuccess ? `done after ${refreshed.length}` : 'redeem'}
        </button>
      );
    }
    renderWithProviders(<Redeem />);
    await userEvent.click(screen.getByRole('button', { name: 'redeem' }));
    await screen.findByRole('button', { name: 'refused' });
    await waitFor(() => expect(refreshed).toEqual(['read']));
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'refused' }));
    // Done only once the second read is in: a dialog closes on the new figures.
    await screen.findByRole('button', { name: 'done after 2' });
  });

  it('says it is done though a read it waits for fails and is retried', async () => {
    function Subscribe() {
      const subscribe = useSubmitMutation({
        mutationFn: async () => {},
        // A read retried for a minute: the subscription is made, and must say so.
        refresh: () => new Promise(() => {}),
      });
      return (
        <button type="button" onClick={() => subscribe.mutate()}>
          {subscribe.isSuccess ? 'subscribed' : 'subscribe'}
        </button>
      );
    }
    renderWithProviders(<Subscribe />);
    await userEvent.click(screen.getByRole('button', { name: 'subscribe' }));
    await screen.findByRole('button', { name: 'subscribed' }, { timeout: REFRESH_WAIT_MS + 3_000 });
  });

  it('takes the refusal of the try before out of its dialog when it is sent again', async () => {
    let refuse = true;
    function StakeDialog() {
      const stake = useSubmitMutation({
        mutationFn: async () => {
          if (refuse) throw new Error('not enough DOT');
        },
        onError: (e) => notifyError(e),
      });
      return (
        <Dialog opened onClose={() => {}} title="Stake DOT">
          <button type="button" onClick={() => stake.mutate()}>
            {stake.isSuccess ? 'staked' : 'stake'}
          </button>
        </Dialog>
      );
    }
    renderWithProviders(<StakeDialog />);
    await userEvent.click(await screen.findByRole('button', { name: 'stake' }));
    expect(await screen.findByTestId('dialog-refusal')).toBeInTheDocument();
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'stake' }));
    await screen.findByRole('button', { name: 'staked' });
    expect(screen.queryByTestId('dialog-refusal')).toBeNull();
  });
});
