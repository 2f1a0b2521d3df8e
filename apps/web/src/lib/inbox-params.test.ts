import { describe, expect, it } from 'vitest';
import { changeLocale, i18n } from '../i18n/index.js';
import { inboxParams } from './inbox-params.js';

describe('inboxParams', () => {
  it('says where a payout went and groups its figures, in the reader’s language', async () => {
    const params = { principal: '1000', interest: '1.91780821', asset: 'USDT', account: 'flexible' };
    expect(i18n.t('inbox.fixed.paid.body', inboxParams(params))).toBe(
      '1,000 USDT principal and 1.91780821 USDT earnings were paid out to flexible Simple Earn.',
    );
    await changeLocale('zh-CN');
    try {
      expect(i18n.t('inbox.fixed.paid.body', inboxParams({ ...params, account: 'spot' }))).toBe(
        '本金 1,000 USDT 和收益 1.91780821 USDT 已发放至现货账户。',
      );
    } finally {
      await changeLocale('en');
    }
  });
});
