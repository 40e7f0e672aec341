// Everything a React root of Airloom needs: theme, i18n, notices. The shell and each remote wrap
// their root in it (ARCHITECTURE §3); they share the same i18n singleton through federation.
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { I18nextProvider } from 'react-i18next';
import { theme as defaultTheme, type AppTheme } from './theme/theme';
import { GlobalStyle } from './theme/GlobalStyle';
import { i18n as defaultI18n, type I18n } from './i18n/i18n';
import { NoticeProvider } from './components/Notice';

export interface AppProvidersProps {
  children: ReactNode;
  i18n?: I18n;
  theme?: AppTheme;
  /** Render the document-wide base styles; the shell (or a standalone remote) sets it, remotes inside the shell do not. */
  globalStyle?: boolean;
}

export function AppProviders({ children, i18n = defaultI18n, theme = defaultTheme, globalStyle = false }: AppProvidersProps) {
  return (
    <ThemeProvider theme={theme}>
      <I18nextProvider i18n={i18n} defaultNS="common">
        {globalStyle && <GlobalStyle />}
        <NoticeProvider>{children}</NoticeProvider>
      </I18nextProvider>
    </ThemeProvider>
  );
}
