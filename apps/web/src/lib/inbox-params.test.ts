import { formatDateTime } from '@earn/domain';
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

  it('says when an order matures as the app writes a time, in the reader’s time zone and language', async () => {
    const finish = Date.UTC(2026, 11, 23);
    const params = {
      asset: 'USDT',
      amount: '1000',
      days: '30',
      finish: '2026-12-23 00:00 UTC',
      finish_time: String(finish),
    };
    const offset = -new Date(finish).getTimezoneOffset();
    expect(i18n.t('inbox.fixed.maturing.body', inboxParams(params))).toBe(
      `Your 30-day USDT order of 1,000 USDT matures on ${formatDateTime(finish, 'en', offset)}.`,
    );
    await changeLocale('zh-CN');
    try {
      expect(i18n.t('inbox.fixed.maturing.body', inboxParams(params))).toContain(
        formatDateTime(finish, 'zh-CN', offset),
      );
    } finally {
      await changeLocale('en');
    }
    // A message from before the instant was sent keeps its words.
    const { finish_time: _, ...older } = params;
    expect(i18n.t('inbox.fixed.maturing.body', inboxParams(older))).toContain('matures on 2026-12-23 00:00 UTC.');
  });

  it('says where a bonus in another coin went, apart from the principal and earnings', async () => {
    const params = {
      principal: '1000',
      interest: '2',
      asset: 'USDT',
      account: 'flexible',
      bonus: '1500',
      bonus_asset: 'GT',
      bonus_account: 'unified',
    };
    expect(i18n.t('inbox.fixed.paidBonus.body', inboxParams(params))).toBe(
      '1,000 USDT principal and 2 USDT earnings were paid out to flexible Simple Earn, and a 1,500 GT bonus to your unified account.',
    );
    // A message from before bonus_account was sent names the reader's trading wallet (spot here).
    const { bonus_account: _, ...older } = params;
    expect(i18n.t('inbox.fixed.paidBonus.body', inboxParams(older))).toContain(
      'a 1,500 GT bonus to your spot account.',
    );
    await changeLocale('zh-CN');
    try {
      expect(i18n.t('inbox.fixed.renewedAllBonus.body', inboxParams({ ...params, renewed: '1000', days: '7' }))).toBe(
        '收益 2 USDT 已发放至活期理财，奖励 1,500 GT 已发放至统一账户；1,000 USDT 已续投新一期 7 天。',
      );
    } finally {
      await changeLocale('en');
    }
  });
});
