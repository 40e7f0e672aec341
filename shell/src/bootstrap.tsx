import { createRoot } from 'react-dom/client';
import { addResources } from '@airloom/shared-ui';
import { App } from './App';
import { shellEn } from './i18n/en';
import { initShellState } from './shell-context';

export function startShell(): void {
  addResources('shell', shellEn);
  initShellState();
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<App />);
}
