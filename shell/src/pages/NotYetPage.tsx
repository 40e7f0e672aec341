// spec §2 entry route /static/transferToLocalDev: its flow comes with a later issue; until then a
// clear page with a way back.
import { Link } from '../routing/router';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { MessagePage } from './MessagePage';

export type NotYetKind = 'transferToLocalDev';

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

export function NotYetPage({ kind }: { kind: NotYetKind }) {
  const { t } = useTranslation();
  return (
    <main>
      <MessagePage
        title={t('shell.notYet.title')}
        text={t(`shell.notYet.text.${kind}`)}
        action={<ActionLink to="/">{t('shell.notYet.back')}</ActionLink>}
      />
    </main>
  );
}
