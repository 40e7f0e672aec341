// How this account signs in (issue 16, spec §1 social login binding): its password, and the sign-in
// provider it is bound to — bind one (the browser goes to the provider and comes back), or unbind it
// after a confirmation. Shown only when the console has a provider configured.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, type SignInMethods } from '@airloom/contracts';
import { ApiError, Button, Card, ConfirmDialog, InlineNotice, Row, Stack, useLoad, useMfe, useNotice } from '@airloom/shared-ui';

type Identity = SignInMethods['identities'][number];

export function SignInMethodsCard() {
  const { t } = useTranslation('overview');
  const { api } = useMfe();
  const { notify } = useNotice();
  const providers = useLoad((signal) => api.call(API.oidc.providers, { signal }));
  const methods = useLoad((signal) => api.call(API.oidc.methods, { signal }));
  const [unbinding, setUnbinding] = useState<Identity | null>(null);
  const name = providers.data?.oidc?.name;
  if (!name) return null;

  async function unbind() {
    if (!unbinding) return;
    try {
      await api.call(API.oidc.unbind, { params: { identityId: unbinding.id } });
      notify({ tone: 'success', message: t('account.signIn.unbound', { name }) });
    } catch (err) {
      notify({ tone: 'danger', message: err instanceof ApiError ? err.message : t('errors.generic.operationFailed') });
    } finally {
      setUnbinding(null);
      methods.reload();
    }
  }
  const bound = methods.data?.identities ?? [];
  return (
    <Card title={t('account.signIn.title')}>
      <Stack $gap="md">
        {methods.error && <InlineNotice tone="danger">{methods.error.message}</InlineNotice>}
        {methods.data && <p>{methods.data.password ? t('account.signIn.password') : t('account.signIn.noPassword')}</p>}
        {bound.map((i) => (
          <Row key={i.id}>
            <span data-testid="bound-identity">{t('account.signIn.boundAs', { name: i.provider, label: i.label })}</span>
            <Button size="sm" variant="ghost" onClick={() => setUnbinding(i)}>{t('account.signIn.unbind')}</Button>
          </Row>
        ))}
        {methods.data && bound.length === 0 && (
          <Row>
            <a href={`/api/v1/auth/oidc/start?intent=bind&next=${encodeURIComponent('/overview/account')}`}>{t('account.signIn.bind', { name })}</a>
          </Row>
        )}
      </Stack>
      <ConfirmDialog
        open={unbinding !== null}
        title={t('account.signIn.unbindTitle', { name })}
        message={t('account.signIn.unbindMessage', { name })}
        confirmLabel={t('account.signIn.unbind')}
        danger
        onConfirm={() => void unbind()}
        onCancel={() => setUnbinding(null)}
      />
    </Card>
  );
}
