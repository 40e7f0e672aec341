// Two-factor sign-in on /overview/account: turned on by adding the secret to an authenticator app
// and confirming with the app's first code (shared-ui's setup form, the one the console's enforced
// setup step uses too); ten recovery codes are then shown once. Turned off with the password, unless
// the company account requires it (then the card says so and offers no way off). An account without a
// password (it signs in through an identity provider) confirms with a code of its app or a recovery code.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, TwoFactorDisableWithCodeSchema, TwoFactorDisableWithPasswordSchema } from '@airloom/contracts';
import {
  ApiError, Button, Card, InlineNotice, Modal, Row, Stack, TextField, TwoFactorRecoveryCodes, TwoFactorSetupForm, useLoad, useMfe, useNotice, useSchemaForm,
} from '@airloom/shared-ui';

export function TwoFactorCard() {
  const { t } = useTranslation('overview');
  const { api } = useMfe();
  const { notify } = useNotice();
  const status = useLoad((signal) => api.call(API.twoFactor.status, { signal }));
  const [settingUp, setSettingUp] = useState(false);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const enableId = `tf${useId().replace(/:/g, '')}`;
  const disableId = `td${useId().replace(/:/g, '')}`;
  const withCode = status.data?.confirmWith === 'code';
  const passwordForm = useSchemaForm(TwoFactorDisableWithPasswordSchema, { password: '' });
  const codeForm = useSchemaForm(TwoFactorDisableWithCodeSchema, { code: '' });
  const disableForm = withCode ? codeForm : passwordForm;

  const enabled = (codes: string[]) => {
    setSettingUp(false);
    setRecovery(codes);
    status.reload();
  };
  const turnedOff = () => {
    setDisabling(false);
    notify({ tone: 'success', message: t('account.twoFactor.turnedOff') });
    status.reload();
  };
  const refused = (form: typeof passwordForm | typeof codeForm, err: unknown) => {
    if (!form.applyServerError(err)) form.setFormError(err instanceof ApiError ? err.message : t('errors.generic.operationFailed'));
  };
  const disable = withCode
    ? codeForm.handleSubmit(async (body) => {
      try {
        await api.call(API.twoFactor.disable, { body });
        turnedOff();
      } catch (err) {
        refused(codeForm, err);
      }
    })
    : passwordForm.handleSubmit(async (body) => {
      try {
        await api.call(API.twoFactor.disable, { body });
        turnedOff();
      } catch (err) {
        refused(passwordForm, err);
      }
    });

  const on = status.data?.enabled === true;
  return (
    <Card title={t('account.twoFactor.title')}>
      <Stack $gap="md">
        <p>{t('account.twoFactor.explain')}</p>
        {status.error && <InlineNotice tone="danger">{status.error.message}</InlineNotice>}
        {status.data?.requiredByCompany && <InlineNotice tone="info">{t('account.twoFactor.requiredByCompany')}</InlineNotice>}
        {status.data && (
          <p data-testid="two-factor-state">
            {on ? t('account.twoFactor.on', { count: status.data.recoveryCodesLeft }) : t('account.twoFactor.off')}
          </p>
        )}
        {recovery && <TwoFactorRecoveryCodes codes={recovery} onSaved={() => setRecovery(null)} />}
        {status.data && !(on && status.data.requiredByCompany) && (
          <Row>
            {on
              ? <Button onClick={() => { passwordForm.reset({ password: '' }); codeForm.reset({ code: '' }); setDisabling(true); }}>{t('account.twoFactor.turnOff')}</Button>
              : <Button variant="primary" onClick={() => setSettingUp(true)}>{t('account.twoFactor.turnOn')}</Button>}
          </Row>
        )}
      </Stack>
      <Modal
        open={settingUp}
        title={t('account.twoFactor.setupTitle')}
        onClose={() => setSettingUp(false)}
        footer={<Button onClick={() => setSettingUp(false)}>{t('common.actions.cancel')}</Button>}
      >
        {settingUp && <TwoFactorSetupForm api={api} id={enableId} onEnabled={enabled} withSubmit />}
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
            <p>{t(withCode ? 'account.twoFactor.turnOffExplainCode' : 'account.twoFactor.turnOffExplain')}</p>
            {withCode
              ? <TextField label={t('account.twoFactor.code')} autoComplete="one-time-code" inputMode="text" required {...codeForm.field('code')} />
              : <TextField type="password" label={t('account.password.old')} autoComplete="current-password" required {...passwordForm.field('password')} />}
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
