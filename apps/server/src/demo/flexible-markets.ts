import { DAY_MS, HOUR_MS } from '@earn/domain';
import type { Executor } from '../db/client.js';
import { faqs, flexibleMarkets } from '../db/schema.js';

interface MarketSeed {
  coin: string;
  limitMinRate: string;
  minLendAmount: string;
  demandBase: string;
  demandRate: string;
}

export const FLEXIBLE_MARKETS: MarketSeed[] = [
  { coin: 'USDT', limitMinRate: '0.01', minLendAmount: '1', demandBase: '150000', demandRate: '0.08' },
  { coin: 'BTC', limitMinRate: '0.001', minLendAmount: '0.0001', demandBase: '2', demandRate: '0.02' },
  { coin: 'ETH', limitMinRate: '0.001', minLendAmount: '0.001', demandBase: '30', demandRate: '0.03' },
  { coin: 'GT', limitMinRate: '0.005', minLendAmount: '0.1', demandBase: '5000', demandRate: '0.06' },
  { coin: 'USDC', limitMinRate: '0.01', minLendAmount: '1', demandBase: '40000', demandRate: '0.07' },
  { coin: 'SOL', limitMinRate: '0.002', minLendAmount: '0.01', demandBase: '300', demandRate: '0.04' },
  { coin: 'BNB', limitMinRate: '0.001', minLendAmount: '0.001', demandBase: '50', demandRate: '0.025' },
  { coin: 'XRP', limitMinRate: '0.002', minLendAmount: '1', demandBase: '20000', demandRate: '0.035' },
  { coin: 'DOGE', limitMinRate: '0.002', minLendAmount: '10', demandBase: '100000', demandRate: '0.045' },
  { coin: 'DOT', limitMinRate: '0.002', minLendAmount: '0.1', demandBase: '3000', demandRate: '0.04' },
  { coin: 'ADA', limitMinRate: '0.002', minLendAmount: '1', demandBase: '30000', demandRate: '0.035' },
  { coin: 'LINK', limitMinRate: '0.002', minLendAmount: '0.1', demandBase: '1000', demandRate: '0.03' },
];

const FAQ_EN = [
  [
    'What is Simple Earn?',
    'Simple Earn lends your idle coins to margin borrowers. Flexible products pay interest every hour and can be redeemed at any time; fixed products pay a set rate for a set term.',
  ],
  [
    'How is the flexible APR set?',
    'Every hour the lending market clears at one rate: offers sorted by their minimum APR fill the borrowers’ demand, and the hour’s rate is the minimum APR of the last offer needed. Borrowers bid an all-in rate that includes the service fee, so the hour’s rate is never above bid ÷ (1 + fee).',
  ],
  [
    'When does interest start?',
    'Your subscription lends from the first hour that starts at least one hour after it, and that hour’s interest arrives when the hour ends. Interest is added to your holding, so it compounds.',
  ],
  [
    'What is the minimum lend APR?',
    'The lowest rate you accept. Offers below the hour’s rate lend in full, offers at it share what is left first come first served, and offers above it lend nothing that hour.',
  ],
  [
    'Can I redeem at any time?',
    'Yes. The part not lent this hour is paid at once; the part lent this hour is paid when the hour ends, and you can cancel that pending redemption until then.',
  ],
  [
    'What is auto-earn?',
    'With auto-earn on, idle balances of the chosen coins are subscribed to flexible Simple Earn before each hourly clearing. A coin’s own switch wins over “All coins”. Coins you redeem stay in your account: auto-earn only subscribes coins that arrive later, unless you switch it on again.',
  ],
  [
    'How are bonuses paid?',
    'Award-pool and ladder bonuses are paid every hour on the least you held through that hour (what was lent or offered at its start, less what left it during the hour: a redemption paid at once; the part of a redemption still lent until the hour’s end stays in it), up to each bonus’s cap, in the bonus’s own coin. The APR shown first is the market rate; bonuses are shown as “up to”, because they apply only to the part of your holding within their caps.',
  ],
];
const FAQ_ZH = [
  [
    '什么是余币宝？',
    '余币宝将您闲置的币借给杠杆借款人。活期产品每小时计息，可随时赎回；定期产品在固定期限内按固定利率计息。',
  ],
  [
    '活期年化利率如何确定？',
    '借贷市场每小时以统一利率撮合：按最低年化从低到高排列的出借满足借款需求，该小时利率为最后一笔所需出借的最低年化。借款人的出价已包含服务费，因此该小时利率不高于 出价 ÷（1 + 费率）。',
  ],
  ['何时开始计息？', '申购后满一小时起的第一个整点开始出借，该小时结束时发放利息。利息计入持仓，复利增长。'],
  [
    '什么是最低出借年化？',
    '您愿意接受的最低利率。低于当小时利率的出借全部成交，等于利率的按先到先得分配剩余需求，高于利率的该小时不出借。',
  ],
  ['可以随时赎回吗？', '可以。本小时未出借的部分立即到账；本小时已出借的部分在整点结算后到账，结算前可撤销该笔赎回。'],
  [
    '什么是自动赚币？',
    '开启后，所选币种的闲置余额会在每小时撮合前自动申购活期余币宝。单个币种的开关优先于“全部币种”。您赎回的币会留在账户中，自动赚币只申购之后到账的币，除非您重新开启。',
  ],
  [
    '加息奖励如何发放？',
    '奖池和阶梯加息每小时按您在该小时内持续持有的最低数量发放（即该小时开始时出借或挂单的数量，减去该小时内已离开的部分：立即到账的赎回；本小时已出借、整点后才到账的赎回部分仍计入），以各奖励的上限为限，以奖励币种发放。首先展示的年化为市场利率，加息以“最高”展示，因为仅适用于上限以内的持仓。',
  ],
];

/** Flexible markets and the Simple Earn FAQ: product configuration every database starts with. */
export async function seedFlexibleMarkets(db: Executor, now: Date): Promise<void> {
  // The award pays whole hours: its window opens at the start of this hour.
  const awardStart = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  await db
    .insert(flexibleMarkets)
    .values(
      FLEXIBLE_MARKETS.map((m, i) => ({
        ...m,
        sortOrder: i,
        ...(m.coin === 'USDT'
          ? {
              awardAsset: 'GT',
              awardRate: '0.02',
              awardLimit: '5000',
              awardStartAt: awardStart,
              awardEndAt: new Date(awardStart.getTime() + 30 * DAY_MS),
              ladderApr: [{ left: '0', right: '1000', apr: '0.03' }],
            }
          : {}),
        ...(m.coin === 'BTC' ? { ladderApr: [{ left: '0', right: '0.1', apr: '0.01' }] } : {}),
      })),
    )
    .onConflictDoNothing();
  const rows = [
    ...FAQ_EN.map(([ask, answer], i) => ({
      mold: 'simple-earn',
      locale: 'en',
      position: i,
      ask: ask as string,
      answer: answer as string,
    })),
    ...FAQ_ZH.map(([ask, answer], i) => ({
      mold: 'simple-earn',
      locale: 'zh-CN',
      position: i,
      ask: ask as string,
      answer: answer as string,
    })),
  ];
  await db.insert(faqs).values(rows).onConflictDoNothing();
}
