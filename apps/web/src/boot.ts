import { asLocale } from '@earn/domain';
import { keepEarlyInput } from './app/early-input.js';
import { dictionaries } from './i18n/dictionaries.js';

// A prerendered page (it says in which language) can be clicked before the app runs.
if (document.getElementById('root')?.dataset.locale) keepEarlyInput();

/**
 * The app's code could not be fetched: the page would look alive and answer nothing. Said plainly, in
 * the page's language, with a way to try again (the app's own texts may be what failed).
 */
function sayAppFailed() {
  const chinese = document.documentElement.lang === 'zh-CN';
  const bar = document.createElement('div');
  bar.setAttribute('role', 'alert');
  bar.style.cssText =
    'position:fixed;left:0;right:0;top:0;z-index:1000;display:flex;gap:12px;align-items:center;justify-content:center;' +
    'flex-wrap:wrap;padding:10px 16px;background:#fff5f5;color:#c92a2a;border-bottom:1px solid #ffc9c9;font:14px system-ui,sans-serif';
  bar.textContent = chinese
    ? '页面未能加载，请检查网络后重试。'
    : 'The page could not load. Check your connection and try again.';
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.textContent = chinese ? '重新加载' : 'Reload';
  retry.style.cssText =
    'font:inherit;padding:4px 12px;border:1px solid #c92a2a;border-radius:4px;background:#fff;color:#c92a2a;cursor:pointer';
  retry.addEventListener('click', () => window.location.reload());
  bar.append(retry);
  document.body.append(bar);
}

// The app's code takes the main thread for a while once it runs; a prerendered page is drawn first,
// so the reader sees it before that code is even fetched (see vite.config.ts). The page's language's
// texts are fetched beside it, not once it runs (src/i18n asks for the same module).
requestAnimationFrame(() =>
  setTimeout(() => {
    void dictionaries[asLocale(document.documentElement.lang) ?? 'en']().catch(() => undefined);
    import('./main.js').then((app) => app.started).catch(sayAppFailed);
  }),
);
