import type { Locale } from './format.js';

/** The cookie that tells the server the reader's language, so a page comes prerendered in it. */
export const LOCALE_COOKIE = 'earn_locale';

/**
 * The prerendered page that is the empty app, written by the web's build in each language and sent
 * for every address not prerendered, so even those say the reader's language before the app runs.
 */
export const APP_SHELL_PATH = '/_app';

/** A language the app is written in, or undefined for anything else; language tags ignore case ('zh-cn'). */
export function asLocale(value: string | undefined): Locale | undefined {
  const tag = value?.toLowerCase();
  return tag === 'en' ? 'en' : tag === 'zh-cn' ? 'zh-CN' : undefined;
}

/**
 * The language shown to a reader who has not chosen one: of the browser's languages in its order of
 * preference (navigator.languages, or an Accept-Language header by quality), the first the app is
 * written in, English or Chinese; English when there is none.
 */
export function browserLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    // The language subtag alone: zh, zh-CN, zh-Hant-TW are Chinese; a tag merely starting "zh" is not.
    const primary = /^([a-z]+)(-|$)/.exec(language.trim().toLowerCase())?.[1];
    if (primary === 'zh') return 'zh-CN';
    if (primary === 'en') return 'en';
  }
  return 'en';
}

/** The language a reader asked for by a tag in any case, or the language alone ('zh-cn', 'zh'); English otherwise. */
export function readerLocale(tag: string | undefined): Locale {
  return browserLocale(tag ? [tag] : []);
}

/** The texts an operator wrote in a reader's language, if any (what they did not write stays English). */
export function operatorTexts<T>(translations: { 'zh-CN'?: T | undefined }, tag: string | undefined): T | undefined {
  return readerLocale(tag) === 'zh-CN' ? translations['zh-CN'] : undefined;
}

/**
 * A stored message's values as a reader reads them: a value the operator also wrote in other
 * languages travels beside it as `<name>.<language>` (`name.zh-CN`), and the reader's own replaces it.
 */
export function messageParams(params: Record<string, string>, tag: string | undefined): Record<string, string> {
  const suffix = `.${readerLocale(tag)}`;
  const own = Object.entries(params)
    .filter(([key]) => key.endsWith(suffix))
    .map(([key, value]) => [key.slice(0, -suffix.length), value]);
  return { ...params, ...Object.fromEntries(own) };
}
