import { isUSRegion } from '@earn/domain';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/account.js';

/** The title of a subscription's success view: a US reader's is worded as a submission (spec). */
export function useSuccessTitle(): string {
  const { t } = useTranslation();
  const me = useMe();
  return t('earn.success.title', { context: isUSRegion(me.data?.region ?? '') ? 'us' : undefined });
}
