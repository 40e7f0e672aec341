// Types of mf.shared.js for the TypeScript that reads it (the shell's federation runtime).
export declare const mfShareStrategy: 'loaded-first';
export declare const mfShared: Readonly<
  Record<
    | 'react'
    | 'react/jsx-runtime'
    | 'react-dom'
    | 'react-dom/client'
    | 'styled-components'
    | 'i18next'
    | 'react-i18next'
    | '@airloom/shared-ui'
    | '@airloom/contracts',
    { singleton: true; requiredVersion: string | false }
  >
>;
