import { messageParams } from '@earn/domain';
import { i18n } from '../i18n/index.js';
import { withGroupedFigures } from './figures.js';

/**
 * A message's values as its words take them in the reader's language: the operator's texts in that
 * language, figures grouped, and where a payout went (its `account`) said as words.
 */
export function inboxParams(params: Record<string, string>): Record<string, string> {
  const own = withGroupedFigures(messageParams(params, i18n.language));
  const where = `inbox.account.${own.account ?? ''}`;
  return own.account && i18n.exists(where) ? { ...own, where: i18n.t(where) } : own;
}
