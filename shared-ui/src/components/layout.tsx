// Layout primitives: a page with its header, cards, and vertical/horizontal stacks.
import type { HTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';
import type { AppTheme } from '../theme/theme';

type Space = keyof AppTheme['space'];

// A div, not <main>: the shell (or the standalone entry) owns the one main landmark of the page.
export const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => theme.space.xl};
  min-width: 0;
`;

const HeaderRow = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  h1 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.xl}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
  p { margin: 4px 0 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the right (e.g. "Create project"). */
  actions?: ReactNode;
}

/** The page's one h1 plus its actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <HeaderRow>
      <div>
        <h1>{title}</h1>
        {description && <p>{description}</p>}
      </div>
      {actions && <Row $gap="sm">{actions}</Row>}
    </HeaderRow>
  );
}

const CardBox = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  padding: ${({ theme }) => theme.space.xl};
  min-width: 0;
  h2 { margin: 0 0 ${({ theme }) => theme.space.lg}; font-size: ${({ theme }) => theme.fontSizes.lg}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
`;

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  children?: ReactNode;
}

/** A surface; with a title it becomes a labelled region (h2). */
export function Card({ title, children, ...rest }: CardProps) {
  return (
    <CardBox {...rest}>
      {title && <h2>{title}</h2>}
      {children}
    </CardBox>
  );
}

export const Stack = styled.div<{ $gap?: Space }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $gap = 'md' }) => theme.space[$gap]};
  min-width: 0;
`;

export const Row = styled.div<{ $gap?: Space; $wrap?: boolean; $justify?: 'start' | 'end' | 'between' }>`
  display: flex;
  align-items: center;
  flex-wrap: ${({ $wrap = true }) => ($wrap ? 'wrap' : 'nowrap')};
  justify-content: ${({ $justify = 'start' }) => ($justify === 'between' ? 'space-between' : $justify === 'end' ? 'flex-end' : 'flex-start')};
  gap: ${({ theme, $gap = 'md' }) => theme.space[$gap]};
`;

/** A responsive grid of cards / stats. */
export const Grid = styled.div<{ $min?: string }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ $min = '220px' }) => $min}, 1fr));
  gap: ${({ theme }) => theme.space.lg};
`;
