import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { i18nReady } from './i18n/index.js';

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
// The first paint is in the reader's language, not English for a moment.
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
