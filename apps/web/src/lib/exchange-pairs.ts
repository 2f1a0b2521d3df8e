/** The exchange's market of a coin against USDT, for its trade and futures links; USDT itself trades against BTC. */
export function usdtPair(coin: string): string {
  return coin === 'USDT' ? 'BTC_USDT' : `${coin}_USDT`;
}
