import type { AppContext } from '../../context.js';
import { runTx } from '../../db/tx.js';
import { type NotificationChange, saveSettings, settingsOf } from './repo.js';

/** Turns one of the user's event notifications on or off and answers the settings as they now are. */
export function setNotification(ctx: AppContext, userId: number, change: NotificationChange) {
  return runTx(ctx.db, async (tx) => {
    await saveSettings(tx, userId, change);
    return settingsOf(tx, userId);
  });
}
