import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { failedAttempts, loginAddresses, sessions, userLoans, users } from '../../db/schema.js';
import { isFailure } from './attempts.js';

export type User = typeof users.$inferSelect;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function findUserByEmail(db: Executor, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user;
}

export async function findUserById(db: Executor, id: number): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** A request's session, as the fund-password gate reads and moves its step-up window. */
export interface StepUpSession {
  /** The session's row id (the hash of its token). */
  id: string;
  fundpassVerifiedAt: Date | null;
}

/** The caller of a request: the session's user, until when the session lasts, and their recent fund-password failures. */
export interface SessionUser {
  user: User;
  expiresAt: Date;
  session: StepUpSession;
  /** Fund-password failures since the time asked for, newest first (ms). */
  fundpassFailures: number[];
}

/**
 * The signed-in user of a session token, with their fund-password failures since
 * `fundpassFailuresSince` (at most 20, newest first; a try still being checked is not one yet): one
 * round trip, as a statement the database keeps prepared (a signed-in request runs it unless its
 * session was read moments ago, see SessionCache).
 */
export async function findSessionUser(
  db: Db,
  token: string,
  now: Date,
  fundpassFailuresSince: Date,
): Promise<SessionUser | undefined> {
  const [row] = await sessionUserQuery(db).execute({
    id: hashToken(token),
    now: now.toISOString(),
    since: fundpassFailuresSince.toISOString(),
  });
  return (
    row && {
      user: row.user,
      expiresAt: row.expiresAt,
      session: { id: row.sessionId, fundpassVerifiedAt: row.fundpassVerifiedAt },
      fundpassFailures: row.fundpassFailures.map(Number),
    }
  );
}

const sessionUserQueries = new WeakMap<Db, ReturnType<typeof prepareSessionUser>>();

function sessionUserQuery(db: Db) {
  let query = sessionUserQueries.get(db);
  if (!query) {
    query = prepareSessionUser(db);
    sessionUserQueries.set(db, query);
  }
  return query;
}

function prepareSessionUser(db: Db) {
  const since = sql.placeholder('since');
  return db
    .select({
      user: users,
      expiresAt: sessions.expiresAt,
      sessionId: sessions.id,
      fundpassVerifiedAt: sessions.fundpassVerifiedAt,
      fundpassFailures: sql<(number | string)[]>`coalesce((
        SELECT jsonb_agg(f.ms ORDER BY f.ms DESC) FROM (
          SELECT (extract(epoch FROM f.at) * 1000)::float8 AS ms FROM ${failedAttempts} f
          WHERE f.scope = 'fundpass' AND f.subject = ${users.id}::text
            AND f.at >= ${since}::timestamptz
            AND ${isFailure(sql`f.pending_since`)}
          ORDER BY f.at DESC LIMIT 20) f), '[]'::jsonb)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`)),
    )
    .prepare('session_user');
}

export async function createSession(db: Executor, userId: number, token: string, now: Date, ttlMs: number) {
  await db
    .insert(sessions)
    .values({ id: hashToken(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) });
}

/**
 * Moves the end of every session still open at `at` later by `ms`: a manual clock's advance passes
 * no real time, so it does not age a session (a week's advance would otherwise sign everyone out,
 * the operator who moved it included).
 */
export async function extendOpenSessions(db: Executor, at: Date, ms: number) {
  await db
    .update(sessions)
    .set({ expiresAt: sql`${sessions.expiresAt} + ${ms} * interval '1 millisecond'` })
    .where(gt(sessions.expiresAt, at));
}

/** Deletes a session; the id of its user, if there was one. */
export async function deleteSession(db: Executor, token: string): Promise<number | undefined> {
  const [row] = await db
    .delete(sessions)
    .where(eq(sessions.id, hashToken(token)))
    .returning({ userId: sessions.userId });
  return row?.userId;
}

/** login: one email from one address; login_email: one email from anywhere; register_ip: accounts opened. */
export type FailureScope = 'login' | 'login_email' | 'login_ip' | 'fundpass' | 'register_ip';

export async function loansOf(db: Executor, userId: number): Promise<Map<string, string>> {
  const rows = await db
    .select({ coin: userLoans.coin, amount: userLoans.amount })
    .from(userLoans)
    .where(eq(userLoans.userId, userId));
  return new Map(rows.map((r) => [r.coin, r.amount]));
}

const KNOWN_ADDRESS_MS = 90 * 24 * 3_600_000;

/** Whether the email logged in from this address in the last 90 days. */
export async function isKnownAddress(db: Executor, email: string, address: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ lastAt: loginAddresses.lastAt })
    .from(loginAddresses)
    .where(and(eq(loginAddresses.email, email), eq(loginAddresses.address, address)));
  return row !== undefined && now.getTime() - row.lastAt.getTime() <= KNOWN_ADDRESS_MS;
}

export async function rememberAddress(db: Executor, email: string, address: string, now: Date): Promise<void> {
  await db
    .insert(loginAddresses)
    .values({ email, address, lastAt: now })
    .onConflictDoUpdate({ target: [loginAddresses.email, loginAddresses.address], set: { lastAt: now } });
}
