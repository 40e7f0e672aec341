// Design tokens (ARCHITECTURE §1). Colours are picked for WCAG AA: every text colour reaches
// 4.5:1 on the surface it is used on, borders of controls reach 3:1 (non-text contrast).
export const theme = {
  colors: {
    bg: '#f4f6f8',
    surface: '#ffffff',
    surfaceAlt: '#eef2f6',
    text: '#1f2933', // 14.1:1 on white
    textMuted: '#4b5866', // 7.3:1 on white
    border: '#d5dce3', // decoration only (cards, table rules)
    controlBorder: '#7b8794', // 3.6:1 on white: input outlines
    primary: '#0b5cad', // 6.6:1 on white; white on it 6.6:1
    primaryHover: '#084a8c',
    primaryText: '#ffffff',
    danger: '#b42318', // 6.4:1 on white
    dangerHover: '#912018',
    success: '#1a7f37', // 5.1:1 on white
    warning: '#8a5300', // 5.9:1 on white
    info: '#0b5cad',
    focus: '#f59e0b', // focus ring, drawn 3 px wide beside a 1 px dark inner ring
    overlay: 'rgba(15, 23, 42, 0.55)',
    badge: {
      neutral: { bg: '#e4e9ee', fg: '#1f2933' },
      info: { bg: '#dbeafe', fg: '#0b4a8b' },
      success: { bg: '#dcfce7', fg: '#14632b' },
      warning: { bg: '#fef3c7', fg: '#7a4a00' },
      danger: { bg: '#fee2e2', fg: '#8f1c13' },
    },
  },
  space: { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '32px' },
  radii: { sm: '4px', md: '6px', lg: '10px', pill: '999px' },
  fontSizes: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '20px', xxl: '28px' },
  // spec §9: bold weight 700.
  fontWeights: { normal: 400, medium: 500, bold: 700 },
  fonts: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  // spec §9 layout widths: tooltip 240, confirm dialog 360, side panels 640/680, also 200 and 60.
  sizes: { tooltip: '240px', confirmDialog: '360px', panel: '640px', panelWide: '680px', sideNarrow: '200px', rail: '60px', formDialog: '560px' },
  shadows: {
    card: '0 1px 2px rgba(15, 23, 42, 0.08)',
    dialog: '0 12px 32px rgba(15, 23, 42, 0.28)',
  },
  zIndex: { dialog: 1000, notice: 1100 },
} as const;

export type AppTheme = typeof theme;

/** Visible focus for every interactive element (ARCHITECTURE accessibility basics). */
export const focusRing = `outline: 3px solid ${theme.colors.focus}; outline-offset: 1px;`;

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends AppTheme {}
}
