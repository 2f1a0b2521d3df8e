import { keepEarlyInput } from './app/early-input.js';

// A prerendered page (it says in which language) can be clicked before the app runs.
if (document.getElementById('root')?.dataset.locale) keepEarlyInput();
// The app's code takes the main thread for a while once it runs; a prerendered page is drawn first,
// so the reader sees it before that code is even fetched (see vite.config.ts).
requestAnimationFrame(() => setTimeout(() => void import('./main.js')));
