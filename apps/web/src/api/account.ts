import type {
  Balance,
  Compliance,
  Credentials,
  CurrencyCallSetting,
  FundPassBody,
  Me,
  ReferralInfo,
  SiteLinks,
  SpotTradingHome,
  TransferBody,
} from '@earn/domain/contract';
import { type Query, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from './client.js';
import { ApiError } from './errors.js';
import { keys } from './keys.js';
import { useRetryKey } from './retry-key.js';
import { useSubmitMutation } from './submit-mutation.js';

/** Balance polling (spec: 60 s), for every balance query. */
export const BALANCE_REFRESH_MS = 60_000;

/**
 * The signed-in user, or null for a guest. `fresh` reads it again whenever the page asking shows,
 * for a page about what may have changed since (the VIP tier).
 */
export function useMe({ fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: keys.me,
    queryFn: () => api<Me | null>('/apiw/v2/auth/session'),
    staleTime: 30_000,
    refetchOnMount: fresh ? 'always' : true,
  });
}

/**
 * A count of the times the signed-in user has left: signed out, or another signed in in their place,
 * in this tab or another. What the app holds for one user (an open dialog, a typed amount) is
 * dropped when it changes, never sent as the next one's. A guest signing in leaves it as it is: what
 * they asked for before logging in goes on.
 */
export function useUserLeavings(): number {
  const me = useMe().data;
  // Undefined while the session is first read.
  const user = me === undefined ? undefined : (me?.uid ?? null);
  const [seen, setSeen] = useState({ user, leavings: 0 });
  if (user !== undefined && user !== seen.user) {
    // React's way to derive state from what is drawn: set during render, drawn again before it shows.
    setSeen({ user, leavings: seen.leavings + (seen.user == null ? 0 : 1) });
  }
  return seen.leavings;
}

/** The user's referral code, which a shared poster carries (spec: reference type 121). */
export function useReferralInfo(enabled: boolean) {
  return useQuery({
    queryKey: keys.referral,
    queryFn: () => api<ReferralInfo>('/api/web/v1/rebate/get_user_info'),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * How the session came to be what it is: changed in this tab (a login, sign-up or logout here), in
 * another tab, or ended where no tab heard it (it expired, or was ended on the server).
 */
export type SessionChange = 'here' | 'otherTab' | 'ended';
/**
 * The last change this tab made or heard of, and the user (null: a guest) it led to; 'reading'
 * while another tab's is being read (the page may draw it before the read's promise settles).
 */
let lastChange: { by: 'here' | 'otherTab'; uid: number | null | 'reading' } | null = null;

/** Why the session is now `uid`'s (null: a guest's): a change made or heard that led to it, else it ended unheard. */
export function whySessionIs(uid: number | null): SessionChange {
  if (lastChange === null) return 'ended';
  return lastChange.uid === uid || lastChange.uid === 'reading' ? lastChange.by : 'ended';
}

/**
 * The tabs of the app share one session cookie: a sign-in, sign-up or sign-out in one is told to
 * the others, which then read everything again (they would otherwise show one user and act as another).
 */
const sessionChannel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('earn.session');

/** Every query but the session's own. */
const notMe = (query: Query) => query.queryKey[0] !== keys.me[0] || query.queryKey[1] !== keys.me[1];

/**
 * A call was refused for want of a session: the session is read again, and if its user has left
 * (the session ended where this tab could not hear it), nothing of theirs is kept to be shown to
 * whoever comes next: every other query is reset once the pages have drawn the guest.
 */
export async function rereadSessionAfterRefusal(qc: QueryClient): Promise<void> {
  const before = qc.getQueryData<Me | null>(keys.me)?.uid ?? null;
  await qc.refetchQueries({ queryKey: keys.me, exact: true });
  const after = qc.getQueryData<Me | null>(keys.me)?.uid ?? null;
  if (after !== before) setTimeout(() => void qc.resetQueries({ predicate: notMe }));
}

export function useSessionFromOtherTabs() {
  const qc = useQueryClient();
  useEffect(() => {
    if (!sessionChannel) return;
    // The session is read again first; the pages draw it before their own reads are asked again.
    const onMessage = async () => {
      lastChange = { by: 'otherTab', uid: 'reading' };
      await qc.cancelQueries();
      await qc.refetchQueries({ queryKey: keys.me, exact: true });
      lastChange = { by: 'otherTab', uid: qc.getQueryData<Me | null>(keys.me)?.uid ?? null };
      setTimeout(() => void qc.resetQueries({ predicate: notMe }));
    };
    sessionChannel.addEventListener('message', onMessage);
    return () => sessionChannel.removeEventListener('message', onMessage);
  }, [qc]);
}

/**
 * A new session: every other query is reset in place (its observers stay attached, so nothing keeps
 * the previous user's data or a stale "guest"), and the signed-in user is known at once.
 */
function useSessionChanged() {
  const qc = useQueryClient();
  return async (me: Me | null) => {
    lastChange = { by: 'here', uid: me?.uid ?? null };
    sessionChannel?.postMessage('changed');
    // A read begun under the previous session (another tab's change started it) must not land after
    // this one and overwrite the user just signed in.
    await qc.cancelQueries();
    qc.setQueryData(keys.me, me);
    const resetOthers = () => void qc.resetQueries({ predicate: notMe });
    // Signed out, the pages first draw the guest (observers are notified in a timer, React renders
    // in a microtask after it), so the reset asks again only what a guest's page asks: the user's
    // own data would be refused.
    if (me) resetOthers();
    else setTimeout(resetOthers);
  };
}

export function useLogin() {
  const sessionChanged = useSessionChanged();
  return useSubmitMutation({
    mutationFn: (body: Credentials) => api<Me>('/apiw/v2/auth/login', { body: { ...body } }),
    onSuccess: sessionChanged,
  });
}

export function useRegister() {
  const sessionChanged = useSessionChanged();
  return useSubmitMutation({
    // Registration answers the same whether the email is new or taken; logging in tells which.
    mutationFn: async (body: Credentials) => {
      await api<null>('/apiw/v2/auth/register', { body: { ...body } });
      try {
        return await api<Me>('/apiw/v2/auth/login', { body: { ...body } });
      } catch (error) {
        if (error instanceof ApiError && error.status === 400)
          throw new ApiError(error.code, error.message, error.status, 'auth.emailMayBeTaken');
        throw error;
      }
    },
    onSuccess: sessionChanged,
  });
}

export function useLogout() {
  const sessionChanged = useSessionChanged();
  return useMutation({
    mutationFn: () => api<null>('/apiw/v2/auth/logout', { method: 'POST' }),
    onSuccess: () => sessionChanged(null),
  });
}

export function useSetFundPassword() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: FundPassBody) => api('/apiw/v2/account/fundpass', { body: { ...body } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.me }),
  });
}

export function useBalances(enabled: boolean) {
  return useQuery({
    queryKey: keys.balances,
    queryFn: () => api<Balance[]>('/apiw/v2/account/balances'),
    enabled,
    refetchInterval: BALANCE_REFRESH_MS,
  });
}

export function useTransfer() {
  const qc = useQueryClient();
  const send = useRetryKey();
  return useSubmitMutation({
    mutationFn: (body: Omit<TransferBody, 'fundpass'>) =>
      send(body, (idempotencyKey) =>
        api<{ asset: string; amount: string; tx_id: string }>('/apiw/v2/account/transfer', {
          body: { ...body },
          fundpass: true,
          idempotencyKey,
        }),
      ),
    refresh: () => qc.invalidateQueries({ queryKey: ['account'] }),
  });
}

export function useCompliance() {
  return useQuery({
    queryKey: keys.compliance,
    queryFn: () => api<Compliance>('/api/web/v1/compliance/check'),
    refetchOnWindowFocus: false,
  });
}

export function useSpotTradingHome(market: string) {
  return useQuery({
    queryKey: keys.tradingHome(market),
    queryFn: () => api<SpotTradingHome>('/apiw/v2/account/spot/trading/home', { query: { market } }),
  });
}

/** Where links to the exchange's own pages lead (set by the operator; null hides them). */
export function useSiteLinks() {
  return useQuery({
    queryKey: keys.siteLinks,
    queryFn: () => api<SiteLinks>('/apiw/v2/earn/site-links'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCurrencyCallSetting(symbol: string) {
  return useQuery({
    queryKey: keys.currencyCall(symbol),
    queryFn: () => api<CurrencyCallSetting>('/api/web/v1/settings/get-currency-call-setting', { query: { symbol } }),
  });
}

/** Whether a coin's borrowed coins may go into Launchpool and staking (1 = yes). */
export function useBorrowSetting(coin: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['account', 'borrow-setting', coin] as const,
    queryFn: () =>
      api<{ coin: string; is_support_launchpool: number; is_support_staking: number }>(
        '/apiw/v2/earn/borrow-coin-settings',
        { query: { coin } },
      ),
  });
}
