// A real dialog (ARCHITECTURE accessibility basics): role=dialog + aria-modal, labelled by its
// title, focus moves in on open (to the first field, not the ×), Tab/Shift+Tab stay inside, Esc
// closes, focus returns on close. On a phone it takes the width of the screen less a small margin.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  /** Esc, the close button and (if allowed) a backdrop click call it. */
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  /** CSS width, default the form dialog width; ConfirmDialog uses 360 px (spec §9). */
  width?: string;
  /** Element to focus on open; default the first field or button of the body, then of the footer, then the ×. */
  initialFocus?: RefObject<HTMLElement | null>;
  closeOnBackdrop?: boolean;
  /** Hides the × in the header (e.g. confirm dialogs that have their own Cancel). */
  hideCloseButton?: boolean;
  /** Accessible description id(s) inside the body. */
  describedBy?: string;
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert'));
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.dialog};
  background: ${({ theme }) => theme.colors.overlay};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space.lg};
  @media (max-width: 480px) { padding: ${({ theme }) => theme.space.sm}; }
`;

const Panel = styled.div<{ $width: string }>`
  width: ${({ $width }) => $width};
  max-width: 100%;
  min-width: 0;
  max-height: calc(100dvh - 32px);
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.dialog};
  &:focus { outline: none; }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.lg} ${theme.space.xl}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.lg}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
`;

const Body = styled.div`
  padding: ${({ theme }) => theme.space.xl};
  overflow: auto;
  @media (max-width: 480px) { padding: ${({ theme }) => theme.space.lg}; }
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.xl}`};
  flex-wrap: wrap;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

/** The × that closes a dialog or a side panel (give it an aria-label). */
export const CloseButton = styled.button`
  border: 0;
  background: transparent;
  font-size: 22px;
  line-height: 1;
  padding: 2px 6px;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.textMuted};
  border-radius: ${({ theme }) => theme.radii.sm};
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; }
`;

export function Modal(props: ModalProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<OpenModal {...props} />, document.body);
}

function OpenModal({ title, onClose, children, footer, width, initialFocus, closeOnBackdrop = false, hideCloseButton = false, describedBy }: ModalProps) {
  const { t } = useTranslation('common');
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const footerRef = useRef<HTMLDivElement>(null);
  const titleId = `dlg${useId().replace(/:/g, '')}`;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // The page behind is inert while the dialog is open: out of reach of the mouse, the keyboard and
  // screen readers. A dialog opened over another makes that one inert too, and gives it back.
  // Declared before the focus effect so that on close the page is live again before focus returns.
  useEffect(() => {
    const backdrop = panelRef.current?.parentElement;
    if (!backdrop) return;
    const made = [...document.body.children].filter(
      (el) => el !== backdrop && !el.hasAttribute('inert') && el.tagName !== 'SCRIPT',
    );
    for (const el of made) el.setAttribute('inert', '');
    return () => {
      for (const el of made) el.removeAttribute('inert');
    };
  }, []);

  // Move focus in on open, give it back to whatever had it on close.
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    if (panel) {
      // The × comes first in the markup but is the least likely next step: start where the work is.
      const inside = (el: HTMLElement | null) => (el ? focusables(el)[0] : undefined);
      const target = initialFocus?.current ?? inside(bodyRef.current) ?? inside(footerRef.current) ?? focusables(panel)[0] ?? panel;
      target.focus();
    }
    return () => {
      if (previous && typeof previous.focus === 'function' && previous.isConnected) previous.focus();
    };
  }, []); // only on open/close: the element to return to is the one focused before opening


  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Stop here so a dialog opened above another one only closes itself.
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    event.stopPropagation();
    const items = focusables(panelRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    } else if (!panelRef.current.contains(active)) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <Backdrop
      onMouseDown={(e) => {
        if (closeOnBackdrop && e.target === e.currentTarget) onCloseRef.current();
      }}
    >
      <Panel
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        $width={width ?? '560px'}
        onKeyDown={onKeyDown}
      >
        <Header>
          <h2 id={titleId}>{title}</h2>
          {!hideCloseButton && (
            <CloseButton type="button" aria-label={t('actions.close')} onClick={() => onCloseRef.current()}>
              ×
            </CloseButton>
          )}
        </Header>
        <Body ref={bodyRef}>{children}</Body>
        {footer && <Footer ref={footerRef}>{footer}</Footer>}
      </Panel>
    </Backdrop>
  );
}
