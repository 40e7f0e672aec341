// A plain page with a heading, a text and one way on: used for "not available", "not found" and
// the entry routes that come in later issues.
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Box = styled.section`
  max-width: 560px;
  margin: ${({ theme }) => theme.space.xxl} auto;
  padding: ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  & h1 { margin: 0 0 ${({ theme }) => theme.space.md}; font-size: ${({ theme }) => theme.fontSizes.xl}; }
  & p { margin: 0 0 ${({ theme }) => theme.space.lg}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export function MessagePage({ title, text, action, role }: { title: ReactNode; text: ReactNode; action?: ReactNode; role?: 'alert' }) {
  return (
    <Box role={role} aria-labelledby="message-title">
      <h1 id="message-title">{title}</h1>
      <p>{text}</p>
      {action}
    </Box>
  );
}
