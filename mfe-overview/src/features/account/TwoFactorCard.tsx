// Two-factor sign-in on /overview/account (issue 16): turned on by adding the secret to an
// authenticator app (typed in, or opened through its otpauth:// link on a phone) and confirming with
// the app's first code; ten recovery codes are then shown once. Turned off with the password.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, TwoFactorDisableRequestSchema, TwoFactorEnableRequestSchema, type TwoFactorSetup } from '@airloom/contracts';
import { ApiError, Button, Card, InlineNotice, Modal, Row, Stack, TextField, useLoad, useMfe, useNotice, useSchemaForm } from '@airloom/shared-ui';

/** the secret in groups of four, as authenticator apps show it */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

export function TwoFactorCard() {
  const { t } = useTranslation('overview');
  const { api } = useMfe();
  const { notify } = useNotice();
  const status = useLoad((signal) => api.call(API.twoFactor.status, { signal }));
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enableId = `tf${useId().replace(/:/g, '')}`;
  const disableId = `td${useId().replace(/:/g, '')}`;
  const enableForm = useSchemaForm(TwoFactorEnableRequestSchema, { code: '' });
  const disableForm = useSchemaForm(TwoFactorDisableRequestSchema, { password: '' });

  async function start() {
    setError(null);
    try {
      enableForm.reset({ code: '' });
      setSetup(await api.call(API.twoFactor.setup, {}));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('errors.generic.operationFailed'));
    }
  }
  const enable = enableForm.handleSubmit(async (data) => {
    try {
      const done = await api.call(API.twoFactor.enable, { body: data });
      setSetup(null);
      setRecovery(done.recoveryCodes);
      status.reload();
    } catch (err) {
      if (!enableForm.applyServerError(err)) enableForm.setFormError(err instanceof ApiError ? err.message : t('errors.generic.operationFailed'));
    }
  });
  const disable = disableForm.handleSubmit(async (data) => {
    try {
      await api.call(API.twoFactor.disable, { body: data });
      setDisabling(false);
      notify({ tone: 'success', message: t('account.twoFactor.turnedOff') });
      status.reload();
    } catch (err) {
      if (!disableForm.applyServerError(err)) disableForm.setFormError(err instanceof ApiError ? err.message : t('errors.generic.operationFailed'));
    }
  });

  const on = status.data?.enabled === true;
  return (
    <Card title={t('account.twoFactor.title')}>
      <Stack $gap="md">
        <p>{t('account.twoFactor.explain')}</p>
        {status.error && <InlineNotice tone="danger">{status.error.message}</InlineNotice>}
        {error && <InlineNotice tone="danger">{error}</InlineNotice>}
        {status.data && (
          <p data-testid="two-factor-state">
            {on ? t('account.twoFactor.on', { count: status.data.recoveryCodesLeft }) : t('account.twoFactor.off')}
          </p>
        )}
        {recovery && (
          <InlineNotice tone="warning">
            <Stack $gap="sm">
              <span>{t('account.twoFactor.recoveryOnce')}</span>
              <ul aria-label={t('account.twoFactor.recoveryCodes')} data-testid="recovery-codes">
                {recovery.map((c) => <li key={c}><code>{c}</code></li>)}
              </ul>
              <Row><Button size="sm" onClick={() => setRecovery(null)}>{t('account.twoFactor.saved')}</Button></Row>
            </Stack>
          </InlineNotice>
        )}
        {status.data && (
          <Row>
            {on
              ? <Button onClick={() => { disableForm.reset({ password: '' }); setDisabling(true); }}>{t('account.twoFactor.turnOff')}</Button>
              : <Button variant="primary" onClick={() => void start()}>{t('account.twoFactor.turnOn')}</Button>}
          </Row>
        )}
      </Stack>
      <Modal
        open={setup !== null}
        title={t('account.twoFactor.setupTitle')}
        onClose={() => setSetup(null)}
        footer={
          <>
            <Button onClick={() => setSetup(null)}>{t('common.actions.cancel')}</Button>
            <Button variant="primary" type="submit" form={enableId} busy={enableForm.submitting}>{t('account.twoFactor.confirm')}</Button>
          </>
        }
      >
        {setup && (
          <form id={enableId} onSubmit={enable} noValidate>
            <Stack $gap="lg">
              {enableForm.formError && <InlineNotice tone="danger">{enableForm.formError}</InlineNotice>}
              <p>{t('account.twoFactor.step1')}</p>
              <code data-testid="two-factor-secret" aria-label={t('account.twoFactor.secret')}>{grouped(setup.secret)}</code>
              <a href={setup.uri}>{t('account.twoFactor.openApp')}</a>
              <p>{t('account.twoFactor.step2')}</p>
              <TextField label={t('account.twoFactor.code')} inputMode="numeric" autoComplete="one-time-code" required {...enableForm.field('code')} />
            </Stack>
          </form>
        )}
      </Modal>
      <Modal
        open={disabling}
        title={t('account.twoFactor.turnOffTitle')}
        onClose={() => setDisabling(false)}
        footer={
          <>
            <Button onClick={() => setDisabling(false)}>{t('common.actions.cancel')}</Button>
            <Button variant="danger" type="submit" form={disableId} busy={disableForm.submitting}>{t('account.twoFactor.turnOff')}</Button>
          </>
        }
      >
        <form id={disableId} onSubmit={disable} noValidate>
          <Stack $gap="lg">
            {disableForm.formError && <InlineNotice tone="danger">{disableForm.formError}</InlineNotice>}
            <p>{t('account.twoFactor.turnOffExplain')}</p>
            <TextField type="password" label={t('account.password.old')} autoComplete="current-password" required {...disableForm.field('password')} />
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
