import type { Locale } from '@earn/domain';
import type { Messages } from './en.js';

/**
 * Each language's texts, fetched when it is shown: a reader fetches their language's dictionary
 * alone (the Chinese reader does not also carry the English one).
 */
export const dictionaries: Record<Locale, () => Promise<Messages>> = {
  en: () => import('./en.js').then((m) => m.en),
  'zh-CN': () => import('./zh-CN.js').then((m) => m.zhCN),
};
