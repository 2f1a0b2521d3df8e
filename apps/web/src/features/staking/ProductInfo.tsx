import { BonusStatus, Decimal } from '@earn/domain';
import type { StakingProduct } from '@earn/domain/contract';
import { Accordion, List, SegmentedControl, Stack, Table, Tabs, Text } from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStakingFaq, useStakingLines } from '../../api/staking.js';
import { ChartLoading } from '../../components/ChartLoading.js';
import { useFormat } from '../../lib/use-format.js';
import { periodParams } from './period.js';

const RateLineChart = lazy(() => import('../../components/RateLineChart.js'));
const TREND_DAYS = ['7', '30', '90', '365'] as const;

/** Below the stake form: the product's rules, its APR trend, its FAQ, and the bonus tiers while one runs. */
export function ProductInfo({ product }: { product: StakingProduct }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const coin = product.mortgage_coin;
  const extra = product.extra_interest;
  return (
    <Tabs defaultValue="rules">
      <Tabs.List>
        <Tabs.Tab value="rules">{t('staking.info.rules')}</Tabs.Tab>
        <Tabs.Tab value="trend">{t('staking.info.trend')}</Tabs.Tab>
        <Tabs.Tab value="faq">{t('staking.info.faq')}</Tabs.Tab>
        {extra && <Tabs.Tab value="bonus">{t('staking.info.bonus')}</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="rules" pt="sm">
        <List size="sm" spacing={4}>
          <List.Item>{t('staking.rule.min', { amount: fmt.amount(product.min_mortgage_amount), coin })}</List.Item>
          <List.Item>
            {product.exchange_type === 'asset'
              ? t('staking.rule.receipt', { token: product.receipt_coin, coin })
              : t('staking.rule.daily', { coin: product.reward_coin })}
          </List.Item>
          {product.debt[0] && (
            <List.Item>
              {t('staking.rule.debt', {
                mint: product.debt[0].reward_coin,
                ratio: fmt.rate(product.debt[0].mint_ratio),
              })}
            </List.Item>
          )}
          <List.Item>
            {t('staking.rule.fee', { percent: new Decimal(product.fee_rate).times(100).toFixed() })}
          </List.Item>
          <List.Item>
            {product.extra.redeem_minday <= 0 && product.extra.redeem_maxday <= 0 && product.income_days <= 0
              ? t('staking.rule.redeemInstant')
              : t('staking.rule.redeemStandard', {
                  period: t(`staking.period.${product.extra.redeem_period}`, periodParams(product)),
                })}
          </List.Item>
          {product.extra.redeem_quick === 1 && (
            <List.Item>
              {t('staking.rule.redeemFast', {
                minutes: product.extra.redeem_quick_long,
                percent: new Decimal(product.extra.redeem_quick_fee).times(100).toFixed(),
              })}
            </List.Item>
          )}
          {product.tips && <List.Item style={{ overflowWrap: 'anywhere' }}>{product.tips}</List.Item>}
          {product.agreement && <List.Item data-testid="staking-product-agreement">{product.agreement}</List.Item>}
        </List>
      </Tabs.Panel>
      <Tabs.Panel value="trend" pt="sm">
        <Trend product={product} />
      </Tabs.Panel>
      <Tabs.Panel value="faq" pt="sm">
        <Faq product={product} />
      </Tabs.Panel>
      {extra && (
        <Tabs.Panel value="bonus" pt="sm">
          <Table data-testid="bonus-tiers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staking.bonus.holding')}</Table.Th>
                <Table.Th ta="right">{t('staking.bonus.extra')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {extra.interest.map((tier) => (
                <Table.Tr key={tier.money_min}>
                  <Table.Td>
                    {tier.money_max === '-1'
                      ? t('staking.bonus.above', { min: fmt.amount(tier.money_min), coin })
                      : `${fmt.amount(tier.money_min)} - ${fmt.amount(tier.money_max)} ${coin}`}
                  </Table.Td>
                  <Table.Td ta="right">+{fmt.rate(tier.money_rate)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {extra.status === BonusStatus.finished && (
            <Text size="sm" c="orange" data-testid="bonus-ended">
              {t('staking.bonus.ended')}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('staking.bonus.window', {
              from: fmt.dateTime(extra.start_time * 1000),
              to: fmt.dateTime(extra.end_time * 1000),
              budget: fmt.amount(extra.max_interest),
              coin: extra.reward_coin || product.reward_coin,
            })}
          </Text>
          <Text size="sm" fw={600} mt="sm">
            {t('staking.bonusRules.title')}
          </Text>
          <List type="ordered" size="sm" spacing={4} data-testid="bonus-rules">
            {[1, 2, 3, 4, 5, 6].map((n) => (
              <List.Item key={n}>{t(`staking.bonusRules.${n}`)}</List.Item>
            ))}
          </List>
        </Tabs.Panel>
      )}
    </Tabs>
  );
}

function Trend({ product }: { product: StakingProduct }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [days, setDays] = useState<(typeof TREND_DAYS)[number]>('365');
  const lines = useStakingLines(product.mortgage_coin, product.pid, Number(days));
  const labels = useMemo(() => (lines.data ?? []).map((p) => fmt.date(p.time * 1000)), [lines.data, fmt]);
  const percents = useMemo(
    () => (lines.data ?? []).map((p) => Number(new Decimal(p.rate).plus(p.extra_rate).times(100).toFixed(4))),
    [lines.data],
  );
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        value={days}
        onChange={(v) => setDays(v as (typeof TREND_DAYS)[number])}
        data={TREND_DAYS.map((d) => ({ value: d, label: t('staking.trend.days', { count: Number(d) }) }))}
      />
      <Suspense fallback={<ChartLoading />}>
        <RateLineChart labels={labels} percents={percents} loading={lines.isPending} testId="staking-trend" />
      </Suspense>
    </Stack>
  );
}

/** FAQ categories (spec: cate 1 common, 2 overview, 3 defi; 0 all). */
const FAQ_TABS = [
  ['2', 'staking.faq.overview'],
  ['3', 'staking.faq.sources'],
  ['1', 'staking.faq.common'],
] as const;

function Faq({ product }: { product: StakingProduct }) {
  const { t, i18n } = useTranslation();
  const faq = useStakingFaq(product.mortgage_coin, product.pid, i18n.language);
  const items = faq.data ?? [];
  const tabs = FAQ_TABS.filter(([cate]) => items.some((i) => String(i.cate) === cate));
  const [cate, setCate] = useState('0');
  const shown = items.filter((i) => cate === '0' || String(i.cate) === cate);
  return (
    <Stack gap="xs">
      {tabs.length > 1 && (
        <SegmentedControl
          size="xs"
          value={cate}
          onChange={setCate}
          data={[
            { value: '0', label: t('staking.faq.all') },
            ...tabs.map(([value, key]) => ({ value, label: t(key) })),
          ]}
          data-testid="faq-categories"
        />
      )}
      <FaqList items={shown} />
    </Stack>
  );
}

function FaqList({ items }: { items: { ask: string; answer: string }[] }) {
  return (
    <Accordion variant="separated">
      {items.map((item) => (
        <Accordion.Item key={item.ask} value={item.ask}>
          <Accordion.Control>{item.ask}</Accordion.Control>
          <Accordion.Panel>
            <Text size="sm">{item.answer}</Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
