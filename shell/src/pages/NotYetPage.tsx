// The action link of the shell's message pages (a link styled as the primary button).
import { Link } from '@airloom/shared-ui';
import styled from 'styled-components';

export const ActionLink = styled(Link)`
  display: inline-flex;
  padding: 7px 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  text-decoration: none;
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
`;
