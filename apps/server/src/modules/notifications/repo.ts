import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { notificationSettings } from '../../db/schema.js';

export type NotificationSettings = typeof notificationSettings.$inferSelect;
export type NotificationChange = Partial<Omit<NotificationSettings, 'userId'>>;

export async function settingsOf(db: Executor, userId: number): Promise<NotificationSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row ?? { userId, candyDropStatus: 2, startupMiningSwitch: 0, hodlerNotify: 0, hodlerGtExchange: 0 };
}

export async function saveSettings(db: Executor, userId: number, change: NotificationChange): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, ...change })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: change });
}
