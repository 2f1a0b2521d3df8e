import { STARTUP_MINING_SWITCH_KEY } from '@earn/domain';
import type { CandyStatus, HeraldCategory, HodlerConfig } from '@earn/domain/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.js';
import { keys } from './keys.js';
import { useSubmitMutation } from './submit-mutation.js';

export function useCandyStatus(enabled: boolean) {
  return useQuery({
    queryKey: keys.notifications.candy,
    queryFn: () => api<CandyStatus>('/api/web/v1/task-square/global-subscribe-status'),
    enabled,
  });
}

/** The Launchpool switch inside the herald categories. */
export function useLaunchpoolSwitch(enabled: boolean) {
  return useQuery({
    queryKey: keys.notifications.herald,
    queryFn: () => api<HeraldCategory[]>('/apiw/v2/herald/category/switch'),
    select: (categories) =>
      categories.flatMap((c) => c.items).find((i) => i.msg_switch === STARTUP_MINING_SWITCH_KEY)?.switch_status === 1,
    enabled,
  });
}

export function useHodlerConfig(enabled: boolean) {
  return useQuery({
    queryKey: keys.notifications.hodler,
    queryFn: () => api<HodlerConfig>('/apiw/v2/earn/hodler-airdrop/config', { body: { action: 'config' }, form: true }),
    enabled,
  });
}

export type Subscription = 'candy' | 'launchpool' | 'hodler';

/** Switches one event subscription on or off (a second click while one is on its way is dropped). */
export function useToggleSubscription() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ which, on }: { which: Subscription; on: boolean }) => {
      if (which === 'candy') {
        return api('/api/web/v1/task-square/subscribe-msg', { body: { aid: -1, status: on ? 1 : 2 }, form: true });
      }
      if (which === 'launchpool') {
        return api('/apiw/v2/herald/switches', { body: { sets: { [STARTUP_MINING_SWITCH_KEY]: on ? 1 : 0 } } });
      }
      return api('/apiw/v2/earn/hodler-airdrop/config_set', {
        body: { name: 'HODLER_AIRDROP_NOTIFY', value: on ? '1' : '0' },
        form: true,
      });
    },
    refresh: () => qc.invalidateQueries({ queryKey: keys.notifications.all }),
  });
}
