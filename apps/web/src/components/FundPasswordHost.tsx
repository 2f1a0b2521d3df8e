import { useSyncExternalStore } from 'react';
import { currentPrompt, subscribePrompt } from '../api/fund-password-prompt.js';
import { lazyDialog } from './lazy-dialog.js';

const FundPasswordDialog = lazyDialog(() => import('./FundPasswordDialog.js').then((m) => m.FundPasswordDialog), {
  isOpen: (p) => p.request !== null,
  close: (p) => p.request?.resolve(null),
});

/** Mounted once: answers the fetch client's fund-password prompts (enter one, or set one first). */
export function FundPasswordHost() {
  const request = useSyncExternalStore(subscribePrompt, currentPrompt, currentPrompt);
  return <FundPasswordDialog request={request} />;
}
