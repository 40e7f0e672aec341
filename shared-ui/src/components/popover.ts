// The surface of everything that drops down under its button (account menu, project picker,
// column chooser, a disabled action's reason): one look, and never wider than a phone's screen.
import { css } from 'styled-components';

export const popoverSurface = css`
  position: absolute;
  top: calc(100% + 4px);
  max-width: calc(100vw - 16px);
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.dialog};
`;
