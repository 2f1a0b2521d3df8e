import type { Locale } from '@earn/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setNetworkErrorText } from '../api/client.js';
import { en } from './en.js';
import { zhCN } from './zh-CN.js';

const STORAGE_KEY = 'earn.locale';

function initialLocale(): Locale {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  if (stored === 'en' || stored === 'zh-CN') return stored;
  return typeof navigator !== 'undefined' && navigator.language.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

function applyLocale(locale: Locale) {
  dayjs.locale(locale === 'zh-CN' ? 'zh-cn' : 'en');
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  setNetworkErrorText(i18n.t('Networkerr'));
}

// Keys are flat: the spec's keys contain dots ('finances.inadequateBalance').
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
  lng: initialLocale(),
  fallbackLng: 'en',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
});
applyLocale(i18n.language as Locale);

export function setLocale(locale: Locale) {
  localStorage.setItem(STORAGE_KEY, locale);
  void i18n.changeLanguage(locale).then(() => applyLocale(locale));
}

export function currentLocale(): Locale {
  return i18n.language === 'zh-CN' ? 'zh-CN' : 'en';
}

export { i18n };
