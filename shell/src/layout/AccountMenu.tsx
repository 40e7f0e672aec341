// The account menu in the header: who is signed in, and Log out (spec §4 sequence).
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Badge, Button, popoverSurface, VisuallyHidden } from '@airloom/shared-ui';
import { useShell } from '../state/shell-store';
import { api, clientStorage, navigate, setLoading } from '../shell-context';
import { logout } from '../storage/logout';

const Wrap = styled.div`
  position: relative;
`;

const Popover = styled.div`
  ${popoverSurface}
  right: 0;
  z-index: 50;
  min-width: 220px;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
`;

// A long e-mail must not push the menu off a phone's screen.
const Name = styled.span`
  max-width: 28vw;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Account = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

export function AccountMenu() {
  const { t } = useTranslation();
  const session = useShell((s) => s.session);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const popId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  if (!session) return null;
  const name = session.nick || session.account;

  return (
    <Wrap ref={wrapRef}>
      <Button
        ref={buttonRef}
        variant="ghost"
        aria-expanded={open}
        aria-controls={popId}
        onClick={() => setOpen((o) => !o)}
      >
        {/* the name is the visible text plus this prefix (WCAG 2.5.3: what is seen is part of the name) */}
        <VisuallyHidden>{t('shell.header.accountFor')} </VisuallyHidden>
        {/* a live-demo session only reads (spec §1: demo projects cannot be configured) */}
        <Name>{name}</Name> {session.demo && <Badge $tone="warning">{t('shell.header.readOnly')}</Badge>} <span aria-hidden="true">▾</span>
      </Button>
      {open && (
        <Popover id={popId}>
          <Account>{session.account}</Account>
          {!session.demo && (
            <Button
              variant="ghost"
              onClick={() => {
                setOpen(false);
                navigate('/overview/account');
              }}
            >
              {t('shell.header.accountSettings')}
            </Button>
          )}
          <Button
            variant="secondary"
            onClick={() => {
              setLoading('jumping');
              // spec §4 logout; a full page load to the login page leaves no remote state behind.
              void logout({ api, storage: clientStorage, go: (path) => window.location.assign(path) });
            }}
          >
            {t('shell.header.logout')}
          </Button>
        </Popover>
      )}
    </Wrap>
  );
}
