import { formatExact } from '@earn/domain';

/** The values of a refusal or a message that are figures: shown as the app shows figures. */
const FIGURES = ['amount', 'left', 'quota', 'max', 'limit', 'principal', 'interest', 'renewed', 'bonus'] as const;
const PLAIN_FIGURE = /^\d+(\.\d+)?$/;

/** The values given, with each figure among them grouped as the app shows figures: 20000 as 20,000, every place kept. */
export function withGroupedFigures(params: Record<string, string>): Record<string, string> {
  const grouped = FIGURES.flatMap((name) => {
    const value = params[name];
    return value !== undefined && PLAIN_FIGURE.test(value) ? [[name, formatExact(value)]] : [];
  });
  return { ...params, ...Object.fromEntries(grouped) };
}
