import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Link } from '../routing/router';
import { AccountMenu } from './AccountMenu';
import { ProjectPicker } from './ProjectPicker';

const Bar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Brand = styled(Link)`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: none;
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const Right = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
`;

export function Header() {
  const { t } = useTranslation();
  return (
    <Bar>
      <Brand to="/">{t('shell.productName')}</Brand>
      <Right>
        <ProjectPicker />
        <AccountMenu />
      </Right>
    </Bar>
  );
}
