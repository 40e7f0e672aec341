// The device's local administrator password (spec §5 device-password rule), in its Maintenance tab:
// typed twice, checked with contracts' schema (the server's), sent to the device at once. The console
// keeps no copy, so the page never shows it again: after a success the fields are emptied.
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_PASSWORD_SPECIALS, DevicePasswordRequestSchema, LIMITS, type DeviceItem } from '@airloom/contracts';
import { Button, Card, InlineNotice, Row, Stack, TextField, refusalText, useCan, useMfe, useSchemaForm, type ProjectRef } from '@airloom/shared-ui';
import { createRebootScheduleApi } from './reboot-schedule-api';

export function DevicePasswordCard({ project, device }: { project: ProjectRef; device: DeviceItem }) {
  const { t } = useTranslation('devices');
  const mfe = useMfe();
  const api = useMemo(() => createRebootScheduleApi(mfe.api, project.id), [mfe.api, project.id]);
  const formId = `dp${useId().replace(/:/g, '')}`;
  const allowed = useCan('device.configure', device);
  const form = useSchemaForm(DevicePasswordRequestSchema, { password: '', confirm: '' });
  const [done, setDone] = useState(false);

  const submit = form.handleSubmit(async (data) => {
    setDone(false);
    mfe.setLoading('saving');
    try {
      await api.setPassword(device.sn, data);
      form.reset({ password: '', confirm: '' });
      setDone(true);
    } catch (err) {
      if (!form.applyServerError(err)) form.setFormError(t('errors.generic.operationFailed'));
    } finally {
      mfe.setLoading('end');
    }
  });

  return (
    <Card title={t('devicePassword.title')} data-maintenance="device-password">
      <Stack $gap="sm">
        <p>{t('devicePassword.description')}</p>
        {!allowed.ok ? (
          <InlineNotice tone="info">{t('devicePassword.notNow', { reason: refusalText(allowed.code) })}</InlineNotice>
        ) : (
          <form id={formId} onSubmit={submit} noValidate aria-label={t('devicePassword.title')}>
            <Stack $gap="sm">
              {done && <InlineNotice tone="success">{t('devicePassword.done')}</InlineNotice>}
              {form.formError && <InlineNotice tone="danger">{form.formError}</InlineNotice>}
              <TextField
                label={t('devicePassword.password')}
                hint={t('devicePassword.hint', { min: LIMITS.devicePasswordMinLength, max: LIMITS.devicePasswordMaxLength, specials: DEVICE_PASSWORD_SPECIALS })}
                type="password"
                autoComplete="new-password"
                required
                {...form.field('password')}
              />
              <TextField label={t('devicePassword.confirm')} type="password" autoComplete="new-password" required {...form.field('confirm')} />
              <Row>
                <Button type="submit" variant="primary" busy={form.submitting}>
                  {t('devicePassword.save')}
                </Button>
              </Row>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
