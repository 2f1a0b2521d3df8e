import type { AppContext } from '../../context.js';
import { deleteSession } from './repo.js';

/** Ends a session: its row goes, and this server forgets it at once (the others hear the deletion). */
export async function logOut(ctx: AppContext, token: string): Promise<void> {
  const userId = await deleteSession(ctx.db, token);
  if (userId !== undefined) ctx.sessions.forgetUser(userId);
}
