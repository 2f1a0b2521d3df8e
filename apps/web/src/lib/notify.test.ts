import { checkFlexibleRedeem, checkMinLendRate, parseAmount, type Result } from '@earn/domain';
import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.js';
import { changeLocale, i18n } from '../i18n/index.js';
import { errorText, notifyError, refusalText } from './notify.js';

afterEach(() => changeLocale('en'));

describe('errorText', () => {
  const refused = (key?: string, params?: Record<string, string>) =>
    new ApiError(-1, 'server says no', 400, key, undefined, params);

  it("translates the server's key with its values into the current language", async () => {
    const error = refused('finances.startupMining.stake.min.tip', { amount: '10', coin: 'GT' });
    expect(errorText(error)).toBe(i18n.t('finances.startupMining.stake.min.tip', { amount: '10', coin: 'GT' }));
    expect(errorText(error)).toContain('10');
    await changeLocale('zh-CN');
    expect(errorText(error)).toMatch(/10.*GT/);
    expect(errorText(error)).not.toBe(errorText(refused()));
  });

  it('says a refused field as the form labels it, in the current language', async () => {
    const short = refused('validation.minLength', { field: 'password', limit: '8' });
    expect(errorText(short)).toBe('Password must be at least 8 characters');
    // An amount's refusal says which field and why (the reason is the key's context).
    const negative = refused('errors.invalidAmount', { field: 'amount', context: 'negative' });
    expect(errorText(negative)).toBe('Amount must not be negative');
    const places = refused('errors.invalidAmount', { field: 'rateYear', context: 'places', places: '4' });
    expect(errorText(places)).toBe('Minimum lending APR must have at most 4 decimal places');
    await changeLocale('zh-CN');
    expect(errorText(short)).toBe('密码至少需要 8 个字符');
    expect(errorText(negative)).toBe('数量不能为负数');
    expect(errorText(refused('validation.type', { field: 'rateYear', type: 'a string' }))).toBe(
      '最低出借年化格式不正确',
    );
    // A refused choice: the field and the values it takes, as the app names them.
    const wallet = refused('validation.oneOf', { field: 'to', allowed: 'spot, unified' });
    expect(errorText(wallet)).toBe('转入账户须为以下之一：现货账户、统一账户');
    expect(errorText(refused('validation.maximum', { field: 'page', limit: '100000' }))).toBe('页码不能大于 100,000');
    await changeLocale('en');
    expect(errorText(wallet)).toBe('To account must be one of Spot account, Unified account');
    // Figures read as the app shows them, every place kept.
    const max = refused('finances.startupMining.stake.max.tip', { amount: '20000', coin: 'GT', left: '1500.25' });
    expect(errorText(max)).toBe('The most you can stake in this pool is 20,000 GT; you can add up to 1,500.25 GT');
    const single = refused('validation.oneOf', { field: 'to', allowed: 'spot', context: 'one' });
    expect(errorText(single)).toBe('To account must be Spot account');
    await changeLocale('zh-CN');
    // A field the app has no label for keeps the server's name for it.
    expect(errorText(refused('validation.required', { field: 'pools.0.coin' }))).toBe('缺少 pools.0.coin');
  });

  it("words a form's own check as the server's refusal of the same input", async () => {
    const words = (result: Result<unknown>) => (result.ok ? 'accepted' : refusalText(result.key, result.params));
    const rules = { limitMinRate: '0.001', maxRate: '0.05' };
    expect(words(checkFlexibleRedeem('1.123456789', '5'))).toBe('Amount must have at most 8 decimal places');
    expect(words(checkMinLendRate('1.234', rules))).toBe('Minimum lending APR must have at most 2 decimal places');
    await changeLocale('zh-CN');
    expect(words(checkFlexibleRedeem('1.123456789', '5'))).toBe('数量最多 8 位小数');
    // A form that labels the field its own way (a wealth subscription's sum of money) names it so.
    const sum = parseAmount('amount', '1.123', { maxDecimals: 2 });
    expect(sum.ok ? 'accepted' : refusalText(sum.key, sum.params, { label: '金额' })).toBe('金额最多 2 位小数');
    // A US reader's wording, added to the refusal's own context.
    const cap = { amount: '20000', coin: 'GT', left: '0', context: 'first' };
    expect(refusalText('finances.startupMining.stake.max.tip', cap, { context: 'us' })).toBe(
      '该池最多可提交 20,000 GT',
    );
    await changeLocale('en');
    expect(refusalText('finances.startupMining.stake.max.tip', cap, { context: 'us' })).toBe(
      'The most you can commit in this pool is 20,000 GT',
    );
    expect(refusalText('finances.startupMining.stake.max.tip', cap)).toBe(
      'The most you can stake in this pool is 20,000 GT',
    );
  });

  it('says a wrong fund password counts over a window, whatever came right between', async () => {
    const wrong = refused('fundpass.wrong', { tries: '1', minutes: '15' });
    expect(errorText(wrong)).toBe('Fund password is incorrect; tries left: 1 (wrong tries count for 15 minutes)');
    await changeLocale('zh-CN');
    expect(errorText(wrong)).toBe('资金密码错误，还可尝试 1 次（错误次数按 15 分钟累计）');
  });

  it("falls back to the server's message for an unknown key, or a key whose values did not come", () => {
    expect(errorText(refused())).toBe('server says no');
    expect(errorText(refused('no.such.key'))).toBe('server says no');
    expect(errorText(refused('finances.startupMining.stake.min.tip'))).toBe('server says no');
  });

  it("says a fault of the app's own plainly, never as JavaScript's words", async () => {
    const fault = new TypeError("Cannot read properties of null (reading 'list')");
    expect(errorText(fault)).toBe('Something went wrong');
    await changeLocale('zh-CN');
    expect(errorText(fault)).toBe('出错了');
    expect(errorText('not even an error')).toBe('出错了');
  });
});

describe('toasts', () => {
  it('shows the same toast once while it is on screen', () => {
    notifications.clean();
    const offline = new ApiError(-1, 'offline', 0, 'Networkerr');
    for (let i = 0; i < 5; i++) notifyError(offline);
    notifyError(new ApiError(-1, 'server says no', 400));
    expect(notificationsStore.getState().notifications.map((n) => n.message)).toEqual([
      i18n.t('Networkerr'),
      'server says no',
    ]);
    notifications.clean();
  });
});
