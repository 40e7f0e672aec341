// The one Module Federation `shared` map (ARCHITECTURE §3), imported by every rspack config.
// Singletons only; nothing else is shared.

/**
 * ARCHITECTURE §3: loading one remote never fetches another remote's entry. The default
 * `version-first` downloads every registered remote's entry to negotiate versions; with singletons
 * there is nothing to negotiate, so the first loaded copy (the shell's) is used.
 */
export const mfShareStrategy = 'loaded-first';
export const mfShared = {
  react: { singleton: true, requiredVersion: '^19.3.0' },
  'react/jsx-runtime': { singleton: true, requiredVersion: '^19.3.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.3.0' },
  'react-dom/client': { singleton: true, requiredVersion: '^19.3.0' },
  'styled-components': { singleton: true, requiredVersion: '^6.6.0' },
  i18next: { singleton: true, requiredVersion: '^27.1.0' },
  'react-i18next': { singleton: true, requiredVersion: '^18.0.0' },
  '@airloom/shared-ui': { singleton: true, requiredVersion: false },
  '@airloom/contracts': { singleton: true, requiredVersion: false },
};
