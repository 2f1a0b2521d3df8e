import type { LaunchTranslations } from '@earn/domain/contract';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { inboxMessages } from '../../db/schema.js';
import { runTx } from '../../db/tx.js';

/**
 * Tells every user subscribed to Launchpool notifications about a new project, in one statement.
 * The message is stored as a key and values, so each reader reads it in their own language.
 */
export async function announceProject(
  db: Executor,
  project: { id: number; name: string; translations: LaunchTranslations; coin: string },
  at: Date,
) {
  // The name in each language the operator wrote it in, beside the English (the web's messageParams).
  const names = Object.entries(project.translations).map(([locale, texts]) => [`name.${locale}`, texts.name]);
  const params = JSON.stringify({ name: project.name, ...Object.fromEntries(names), coin: project.coin });
  // To the project: the page opens the tab it is in when the link is followed.
  const link = `/launchpool?pid=${project.id}`;
  await db.execute(sql`
    INSERT INTO inbox_messages (user_id, kind, key, params, title, body, link, created_at)
    SELECT user_id, 'launchpool', 'inbox.launchpool.newProject', ${params}::jsonb,
      ${`New Launchpool: ${project.name}`}, ${`Stake to earn ${project.coin}. Rewards are paid every hour.`},
      ${link}, ${at.toISOString()}::timestamptz
    FROM notification_settings WHERE startup_mining_switch = 1`);
}

export async function listInbox(db: Executor, userId: number, page: number, limit: number) {
  const list = await db
    .select()
    .from(inboxMessages)
    .where(eq(inboxMessages.userId, userId))
    .orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [totals] = await db
    .select({ total: count(), unread: sql<number>`count(*) FILTER (WHERE ${inboxMessages.readAt} IS NULL)::int` })
    .from(inboxMessages)
    .where(eq(inboxMessages.userId, userId));
  return {
    list: list.map((m) => ({
      id: m.id,
      kind: m.kind,
      ...(m.key ? { key: m.key, params: m.params ?? {} } : {}),
      title: m.title,
      body: m.body,
      link: m.link,
      created_at: Math.floor(m.createdAt.getTime() / 1000),
      read: m.readAt !== null,
    })),
    total: Number(totals?.total ?? 0),
    unread: Number(totals?.unread ?? 0),
  };
}

/** Marks the given messages (or all) as read. */
export async function markRead(ctx: AppContext, userId: number, ids: number[] | undefined) {
  await runTx(ctx.db, (tx) =>
    tx
      .update(inboxMessages)
      .set({ readAt: ctx.clock.now() })
      .where(
        and(
          eq(inboxMessages.userId, userId),
          isNull(inboxMessages.readAt),
          ids ? inArray(inboxMessages.id, ids) : undefined,
        ),
      ),
  );
  return listInbox(ctx.db, userId, 1, 20);
}
