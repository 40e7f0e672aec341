// The header: Menu button (phones: opens the drawer), product name, project picker, the open
// project's unread alarms, account menu.
// On a phone the picker takes a row of its own so the account menu stays on screen.
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Link } from '@airloom/shared-ui';
import { AccountMenu } from './AccountMenu';
import { AlarmCount } from './AlarmCount';
import { ProjectPicker } from './ProjectPicker';

const Bar = styled.header`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  @media (max-width: 767px) { padding: ${({ theme }) => theme.space.sm}; column-gap: ${({ theme }) => theme.space.sm}; }
`;

const Brand = styled(Link)`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: none;
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  @media (max-width: 767px) { font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;

const Picker = styled.div`
  margin-left: auto;
  min-width: 0;
  @media (max-width: 767px) { order: 3; flex: 1 0 100%; margin-left: 0; }
`;

const Account = styled.div`
  min-width: 0;
  @media (max-width: 767px) { margin-left: auto; }
`;

const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.controlBorder};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  cursor: pointer;
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
`;

export interface HeaderProps {
  /** Phone layout: show the Menu button that opens the drawer. */
  phone?: boolean;
  drawerOpen?: boolean;
  onOpenDrawer?(): void;
  menuButtonRef?: React.Ref<HTMLButtonElement>;
}

export function Header({ phone = false, drawerOpen = false, onOpenDrawer, menuButtonRef }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <Bar>
      {phone && (
        <MenuButton ref={menuButtonRef} type="button" aria-expanded={drawerOpen} aria-haspopup="dialog" onClick={onOpenDrawer}>
          <span aria-hidden="true">☰</span> {t('shell.menu.open')}
        </MenuButton>
      )}
      <Brand to="/">{t('shell.productName')}</Brand>
      <Picker><ProjectPicker /></Picker>
      <AlarmCount />
      <Account><AccountMenu /></Account>
    </Bar>
  );
}
