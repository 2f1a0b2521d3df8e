import type { Me } from '@earn/domain/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whySessionIs } from '../api/account.js';
import { cancelPrompt } from '../api/fund-password-prompt.js';
import { keys } from '../api/keys.js';
import { i18n } from '../i18n/index.js';
import { notifyWarning } from '../lib/notify.js';

/**
 * The signed-in user left (`leavings` counts the times, useUserLeavings): their fund-password prompt
 * goes, and, left other than from this tab, the page says why it changed under them: a logout or
 * another user in another tab, or a session that ended unheard (found by any read of it).
 */
export function useUserLeft(leavings: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (leavings === 0) return;
    cancelPrompt();
    const now = queryClient.getQueryData<Me | null>(keys.me) ?? null;
    const why = whySessionIs(now?.uid ?? null);
    if (why === 'here') return;
    notifyWarning(
      now
        ? i18n.t('auth.signedInElsewhere', { email: now.email })
        : i18n.t(why === 'otherTab' ? 'auth.loggedOutElsewhere' : 'auth.sessionEnded'),
    );
  }, [leavings, queryClient]);
}
