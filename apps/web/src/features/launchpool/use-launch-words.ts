import { isUSRegion } from '@earn/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/account.js';

/**
 * The launch pool's words for the signed-in user: a US user commits where others stake (spec), so
 * each key is said in its `_us` form where the dictionaries have one (i18next's context, added to
 * a key's own: `_first_us`).
 */
export function useLaunchWords() {
  const { t } = useTranslation();
  const me = useMe();
  const isUS = isUSRegion(me.data?.region ?? '');
  const words = useCallback(
    (key: string, options: Record<string, unknown> = {}) => {
      const contexts = [options.context, isUS ? 'us' : undefined].filter(Boolean);
      return t(key, { ...options, context: contexts.length > 0 ? contexts.join('_') : undefined });
    },
    [t, isUS],
  );
  return { isUS, words };
}
