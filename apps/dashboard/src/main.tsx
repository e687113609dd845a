import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/index.css';
import { createApp } from './app/app.tsx';
import { startThemeSync } from './lib/theme.ts';
import { startI18n } from './lib/i18n/i18n.ts';

startThemeSync();
const App = createApp();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// The chosen language's catalog (none for English) before the first render: no flash of English.
// A promise, not a top-level await: with one, Rollup splits the entry's modules into many chunks
// so that lazy screens never import from a module still awaiting.
void startI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
