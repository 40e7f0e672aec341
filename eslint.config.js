// One lint config for the monorepo. Boundary rules (ARCHITECTURE §1):
// no mfe-* imports another mfe-*; server packages import no React.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const reactPackages = ['react', 'react-dom', 'react-dom/*', 'react/*', 'react-router', 'styled-components', 'react-i18next', '@airloom/shared-ui'];
const serverPackages = ['bff', 'gateway', 'device-sim', 'usp'];
const remotes = ['mfe-overview', 'mfe-network', 'mfe-devices', 'mfe-wireless', 'mfe-data', 'mfe-solutions', 'mfe-dashboard'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': true, 'ts-expect-error': 'allow-with-description' }],
    },
  },
  ...serverPackages.map((pkg) => ({
    files: [`${pkg}/**/*.{ts,tsx,js,mjs}`],
    rules: {
      'no-restricted-imports': ['error', {
        paths: reactPackages.filter((p) => !p.includes('*')).map((name) => ({ name, message: 'Server packages import no React (ARCHITECTURE §1).' })),
        patterns: [{ group: ['react/*', 'react-dom/*', 'mfe-*', '@airloom/mfe-*'], message: 'Server packages import no React or remote code (ARCHITECTURE §1).' }],
      }],
    },
  })),
  ...remotes.map((remote) => ({
    files: [`${remote}/**/*.{ts,tsx,js,mjs}`],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          group: remotes.filter((r) => r !== remote).flatMap((r) => [`@airloom/${r}`, `@airloom/${r}/*`, `**/${r}/**`, `../${r}/*`]),
          message: 'A remote never imports another remote (ARCHITECTURE §1); share through contracts or shared-ui.',
        }],
      }],
    },
  })),
);
