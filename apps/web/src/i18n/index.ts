import { asLocale, browserLocale, LOCALE_COOKIE, type Locale } from '@earn/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setNetworkErrorText } from '../api/client.js';
import { yieldToBrowser } from '../lib/yield-to-browser.js';
import { dictionaries } from './dictionaries.js';

const STORAGE_KEY = 'earn.locale';

/** The reader's own choice: kept in this browser, or told by the cookie that carries it to the server. */
function chosenLocale(): Locale | undefined {
  if (typeof document === 'undefined') return undefined;
  const cookie = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${LOCALE_COOKIE}=`))
    ?.slice(LOCALE_COOKIE.length + 1);
  return asLocale(localStorage.getItem(STORAGE_KEY) ?? undefined) ?? asLocale(cookie);
}

/** Tells the server the reader's choice, so the pages it sends come prerendered in it. */
function keepChoice(locale: Locale) {
  localStorage.setItem(STORAGE_KEY, locale);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser served
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

function applyLocale(locale: Locale) {
  dayjs.locale(locale === 'zh-CN' ? 'zh-cn' : 'en');
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  setNetworkErrorText(i18n.t('Networkerr'));
}

async function ensureDictionary(locale: Locale) {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  i18n.addResourceBundle(locale, 'translation', await dictionaries[locale]());
}

/** The latest language asked for: one asked for later wins over one whose dictionary comes later. */
let latestAsked = 0;

/**
 * Shows the app in `locale`, once its dictionary is here, unless another language was asked for
 * meanwhile. Says whether it was shown.
 */
export async function changeLocale(locale: Locale): Promise<boolean> {
  const asked = ++latestAsked;
  await ensureDictionary(locale);
  if (asked !== latestAsked) return false;
  await i18n.changeLanguage(locale);
  applyLocale(locale);
  return true;
}

// Keys are flat: the spec's keys contain dots ('finances.inadequateBalance').
void i18n.use(initReactI18next).init({
  // Every dictionary holds every key (zh-CN.ts is typed by en.ts), so none falls back to another.
  resources: {},
  lng: 'en',
  fallbackLng: false,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
});

// The page's lang stays as the server sent it until the reader's language is applied.
const chosen = chosenLocale();
if (chosen) keepChoice(chosen);

/** The reader's language, when its dictionary could not be fetched at start (English is shown). */
let notFetched: Locale | undefined;

/**
 * Settles once the reader's language can be shown (English if Chinese cannot be fetched); rejects if
 * no dictionary can be fetched. Applied in a task after the one that ran the app's modules, which is
 * long enough on its own.
 */
export const i18nReady: Promise<void> = yieldToBrowser()
  .then(() => {
    const wanted = chosen ?? browserLocale(typeof navigator === 'undefined' ? [] : navigator.languages);
    return changeLocale(wanted).catch(() => {
      notFetched = wanted;
      return changeLocale('en');
    });
  })
  .then(() => undefined);

/** The reader's language if it is not shown because its dictionary could not be fetched. */
export function readerLocaleMissing(): Locale | undefined {
  return notFetched !== undefined && notFetched !== currentLocale() ? notFetched : undefined;
}

/**
 * The reader's choice of language, kept at once (a reload while its dictionary is on its way comes
 * back in it) and shown once its dictionary is here; rejects if that cannot be fetched.
 */
export async function setLocale(locale: Locale) {
  keepChoice(locale);
  await changeLocale(locale).catch((error: unknown) => {
    // Not shown: the language on the screen stays the one kept.
    if (asLocale(localStorage.getItem(STORAGE_KEY) ?? undefined) === locale) keepChoice(currentLocale());
    throw error;
  });
}

/** Whose trading account the texts name: a classic account's is its spot wallet, any other's its unified one. */
let tradingWallet: 'spot' | 'unified' = 'spot';

/**
 * Every text that names where a payout goes says {{tradingAccount}}: the reader's own trading
 * wallet by the name it has everywhere else (spot or unified account), in the reader's language, not
 * a third name for one of them. A value every text gets unless given its own.
 */
function nameTradingAccount() {
  i18n.options.interpolation = {
    ...i18n.options.interpolation,
    defaultVariables: { tradingAccount: i18n.t(`account.trading.${tradingWallet}`) },
  };
}
i18n.on('languageChanged', nameTradingAccount);

/** The reader's account mode, once known: its trading wallet is the one the texts name. */
export function sayTradingAccountOf(mode: string | undefined) {
  tradingWallet = mode === undefined || mode === 'classic' ? 'spot' : 'unified';
  nameTradingAccount();
}

export function currentLocale(): Locale {
  return i18n.language === 'zh-CN' ? 'zh-CN' : 'en';
}

export { i18n };
