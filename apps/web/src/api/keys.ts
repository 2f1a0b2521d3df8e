/** Query keys, one factory per area, so invalidations name exactly what changed. */
export const keys = {
  me: ['account', 'me'] as const,
  referral: ['account', 'referral'] as const,
  balances: ['account', 'balances'] as const,
  compliance: ['account', 'compliance'] as const,
  tradingHome: (market: string) => ['account', 'trading-home', market] as const,
  siteLinks: ['site-links'] as const,
  currencyCall: (symbol: string) => ['account', 'currency-call', symbol] as const,
  coins: ['market', 'coins'] as const,
  tickers: ['market', 'tickers'] as const,
  notifications: {
    all: ['notifications'] as const,
    candy: ['notifications', 'candy'] as const,
    herald: ['notifications', 'herald'] as const,
    hodler: ['notifications', 'hodler'] as const,
  },
};
