// A side panel (ARCHITECTURE §3 remote kit): the details of one thing beside its list, 640 px wide
// (spec §9), non-modal so the list stays usable. Focus goes to its close button when it opens or
// shows another item; Escape closes it. Its body takes focus so keyboard users can scroll it (WCAG
// 2.1.1, axe scrollable-region-focusable).
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { CloseButton } from './Modal';

const Aside = styled.aside`
  position: fixed;
  top: 0;
  right: 0;
  bottom: 0;
  z-index: ${({ theme }) => theme.zIndex.dialog - 100};
  width: ${({ theme }) => theme.sizes.panel};
  max-width: 100vw;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-left: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.dialog};
  &:focus { outline: none; }
`;

const Header = styled.header`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.lg} ${theme.space.xl}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 { margin: 0 0 4px; font-size: ${({ theme }) => theme.fontSizes.lg}; font-weight: ${({ theme }) => theme.fontWeights.bold}; overflow-wrap: anywhere; }
`;

const Body = styled.div`
  flex: 1;
  overflow: auto;
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: -3px; }
  padding: ${({ theme }) => theme.space.xl};
  h3 { margin: 0 0 ${({ theme }) => theme.space.sm}; font-size: ${({ theme }) => theme.fontSizes.md}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
`;

export interface SidePanelProps {
  title: ReactNode;
  /** under the title (e.g. a status badge) */
  subtitle?: ReactNode;
  closeLabel: string;
  onClose(): void;
  /** what the panel shows; focus returns to the close button when it changes */
  itemKey: string | number;
  children: ReactNode;
  'data-testid'?: string;
}

export function SidePanel({ title, subtitle, closeLabel, onClose, itemKey, children, 'data-testid': testId }: SidePanelProps) {
  const titleId = `sp${useId().replace(/:/g, '')}`;
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeRef.current?.focus();
  }, [itemKey]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  }

  return (
    <Aside role="complementary" aria-labelledby={titleId} onKeyDown={onKeyDown} data-testid={testId}>
      <Header>
        <div>
          <h2 id={titleId}>{title}</h2>
          {subtitle}
        </div>
        <CloseButton ref={closeRef} type="button" aria-label={closeLabel} onClick={onClose}>
          ×
        </CloseButton>
      </Header>
      <Body tabIndex={0} role="region" aria-labelledby={titleId}>
        {children}
      </Body>
    </Aside>
  );
}
