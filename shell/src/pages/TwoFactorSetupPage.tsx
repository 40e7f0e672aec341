// The console of an engineer whose company requires two-factor sign-in it has not set up: this step
// instead of the menu and pages (the server refuses everything else with 77 until then). It is the
// setup Account settings uses (shared-ui), then the recovery codes once, then the console opens.
// A chunk of its own: only such sessions load it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addResources, Button, Card, Page, PageHeader, Row, Stack, TwoFactorRecoveryCodes, TwoFactorSetupForm } from '@airloom/shared-ui';
import { api, clientStorage } from '../shell-context';
import { logout } from '../storage/logout';

addResources('shell', {
  enrol2fa: {
    title: 'Set up two-factor sign-in',
    explain: 'Your company requires two-factor sign-in: set it up to continue. After your password, the console will also ask for a code from an authenticator app on your phone.',
    logout: 'Log out',
  },
});

export function TwoFactorSetupPage({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <main>
      <Page>
        <PageHeader title={t('shell.enrol2fa.title')} description={t('shell.enrol2fa.explain')} />
        <Card>
          <Stack $gap="lg">
            {codes
              ? <TwoFactorRecoveryCodes codes={codes} onSaved={onDone} />
              : <TwoFactorSetupForm api={api} id="enrol-two-factor" onEnabled={setCodes} withSubmit />}
            <Row>
              <Button variant="ghost" onClick={() => void logout({ api, storage: clientStorage, go: (path) => window.location.assign(path) })}>
                {t('shell.enrol2fa.logout')}
              </Button>
            </Row>
          </Stack>
        </Card>
      </Page>
    </main>
  );
}
