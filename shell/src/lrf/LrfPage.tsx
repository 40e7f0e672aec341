// /static/lrf (spec §2, loaded on demand): log in, sign up, forgot password, and the live demo.
import { navigate } from '@airloom/shared-ui';
import { NavLink, useLocation, useSearchParams } from '@airloom/shared-ui';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { authEndpoints } from '@airloom/contracts';
import { addResources, Button, InlineNotice } from '@airloom/shared-ui';
import { publicApi } from '../shell-context';
import { ForgotForm } from './ForgotForm';
import { forgetOtherAccount, LoginForm } from './LoginForm';
import { safeNextPath } from './next-path';
import { SignUpForm } from './SignUpForm';
import { useSubmit } from './use-submit';
import { lrfEn } from './lrf-en';

addResources('shell', { lrf: lrfEn });

const Page = styled.main`
  min-height: 100vh;
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: 48px 16px;
  background: ${({ theme }) => theme.colors.bg};
`;

const Card = styled.div`
  width: 100%;
  max-width: 420px;
  padding: ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  & h1 { margin: 0 0 ${({ theme }) => theme.space.lg}; font-size: ${({ theme }) => theme.fontSizes.xxl}; }
  & h2 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;

const Tabs = styled.nav`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.lg};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled(NavLink)`
  padding: 8px 12px;
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: none;
  border-bottom: 3px solid transparent;
  &[aria-current='page'] { border-bottom-color: ${({ theme }) => theme.colors.primary}; font-weight: ${({ theme }) => theme.fontWeights.bold}; color: ${({ theme }) => theme.colors.text}; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
`;

const Demo = styled.div`
  margin-top: ${({ theme }) => theme.space.xl};
  padding-top: ${({ theme }) => theme.space.lg};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  & p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

function DemoLogin() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const submit = useSubmit();
  return (
    <Demo>
      {submit.formError && <InlineNotice tone="danger">{submit.formError}</InlineNotice>}
      <Button
        busy={submit.busy}
        onClick={submit.handle(async () => {
          await publicApi.call(authEndpoints.demo);
          forgetOtherAccount(null);
          navigate(safeNextPath(params.get('next')), { replace: true });
        })}
      >
        {t('shell.lrf.demo')}
      </Button>
      <p>{t('shell.lrf.demoHint')}</p>
    </Demo>
  );
}

export function LrfPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  // Keep ?next= while moving between the three forms.
  const search = params.toString() ? `?${params}` : '';
  return (
    <Page>
      <Card>
        <h1>{t('shell.lrf.title')}</h1>
        <Tabs aria-label={t('shell.lrf.tabsLabel')}>
          <Tab to={`/static/lrf${search}`} end>{t('shell.lrf.loginTab')}</Tab>
          <Tab to={`/static/lrf/signup${search}`}>{t('shell.lrf.signupTab')}</Tab>
          <Tab to={`/static/lrf/forgot${search}`}>{t('shell.lrf.forgotTab')}</Tab>
        </Tabs>
        {pathname === '/static/lrf/signup' ? <SignUpForm /> : pathname === '/static/lrf/forgot' ? <ForgotForm /> : <LoginForm />}
        <DemoLogin />
      </Card>
    </Page>
  );
}
