import type { Locale } from './format.js';

/** The cookie that tells the server the reader's language, so a page comes prerendered in it. */
export const LOCALE_COOKIE = 'earn_locale';

/** A language the app is written in, or undefined for anything else. */
export function asLocale(value: string | undefined): Locale | undefined {
  return value === 'en' || value === 'zh-CN' ? value : undefined;
}

/**
 * The language shown to a reader who has not chosen one: Chinese when their browser's first
 * language is Chinese (navigator.language, or the first of an Accept-Language header), else English.
 */
export function browserLocale(language: string | undefined): Locale {
  // The language subtag alone: zh, zh-CN, zh-Hant-TW are Chinese; a tag merely starting "zh" is not.
  return /^zh(-|$)/.test(language?.trim().toLowerCase() ?? '') ? 'zh-CN' : 'en';
}
