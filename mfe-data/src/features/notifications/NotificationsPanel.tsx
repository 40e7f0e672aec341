// Alarm notifications of the open project (docs/data.md "Alarm notifications"), shown on the alarms
// page: the settings form (contracts' NotificationSettingsFormSchema: the server's rules), the
// webhook's signing secret (shown once when made, revealed or replaced by those who may change the
// settings), "Send a test notification", and the delivery log of every attempt. Read-only, with the
// reason, where can() refuses changes.
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_ALARM_TYPES, NotificationSettingsFormSchema, type NotificationSettingsView } from '@airloom/contracts';
import {
  ApiError,
  Button,
  Card,
  ConfirmDialog,
  InlineNotice,
  Row,
  Spinner,
  Stack,
  TextField,
  refusalText,
  useCan,
  useLoad,
  useMfe,
  useNotice,
  useSchemaForm,
  type ProjectRef,
} from '@airloom/shared-ui';
import { createNotificationsApi, type NotificationsApi } from './api';
import { DeliveryLog } from './DeliveryLog';

export function NotificationsPanel() {
  const { project } = useMfe();
  if (!project) return null;
  return <Notifications key={project.id} project={project} />;
}

const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

function Notifications({ project }: { project: ProjectRef }) {
  const { t } = useTranslation('data');
  const mfe = useMfe();
  const api = useMemo(() => createNotificationsApi(mfe.api, project.id), [mfe.api, project.id]);
  const settings = useLoad((signal) => api.get(signal));
  const log = useLoad((signal) => api.deliveries(signal));
  const may = useCan('alarm.update');

  return (
    <Card title={t('notifications.title')} aria-label={t('notifications.title')} data-testid="notifications-panel">
      <Stack $gap="lg">
        <p>{t('notifications.description')}</p>
        {!may.ok && <InlineNotice tone="info">{t('notifications.readOnly', { reason: refusalText(may.code) })}</InlineNotice>}
        {settings.error && <InlineNotice tone="danger">{t('notifications.loadFailed', { message: settings.error.message })}</InlineNotice>}
        {!settings.data ? (
          !settings.error && <Spinner />
        ) : may.ok ? (
          <SettingsForm api={api} current={settings.data} onSaved={settings.reload} onTested={log.reload} />
        ) : (
          <SettingsSummary settings={settings.data} />
        )}
        <DeliveryLog log={log} />
      </Stack>
    </Card>
  );
}

function SettingsSummary({ settings }: { settings: NotificationSettingsView }) {
  const { t } = useTranslation('data');
  const types = settings.alarmTypes.map((a) => t(`notifications.alarmType.${a}`)).join(', ');
  return (
    <Stack $gap="sm" data-testid="notifications-summary">
      {!settings.enabled && <span>{t('notifications.summary.off')}</span>}
      <span>{settings.emails.length ? t('notifications.summary.emails', { list: settings.emails.join(', ') }) : t('notifications.summary.noEmails')}</span>
      <span>{settings.webhookUrl ? t('notifications.summary.webhook', { url: settings.webhookUrl }) : t('notifications.summary.noWebhook')}</span>
      <span>{types ? t('notifications.summary.types', { list: types }) : t('notifications.summary.noTypes')}</span>
    </Stack>
  );
}

interface SettingsFormProps {
  api: NotificationsApi;
  current: NotificationSettingsView;
  onSaved(): void;
  onTested(): void;
}

function SettingsForm({ api, current, onSaved, onTested }: SettingsFormProps) {
  const { t } = useTranslation('data');
  const mfe = useMfe();
  const { notify } = useNotice();
  const formId = `ns${useId().replace(/:/g, '')}`;
  const form = useSchemaForm(NotificationSettingsFormSchema, {
    enabled: current.enabled,
    emails: current.emails.join(', '),
    webhookUrl: current.webhookUrl ?? '',
    alarmTypes: current.alarmTypes,
  });
  const [secret, setSecret] = useState<{ text: string; made: boolean } | null>(null);
  const [replacing, setReplacing] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = form.handleSubmit(async (data) => {
    mfe.setLoading('saving');
    try {
      const saved = await api.update(data);
      if (saved.secret) setSecret({ text: saved.secret, made: true });
      notify({ tone: 'info', message: t('notifications.saved') });
      onSaved();
    } catch (err) {
      if (!form.applyServerError(err)) form.setFormError(t('notifications.saveFailed', { message: messageOf(err, t('errors.generic.operationFailed')) }));
    } finally {
      mfe.setLoading('end');
    }
  });

  async function run(work: () => Promise<void>, failed: string) {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      notify({ tone: 'danger', message: t(failed, { message: messageOf(err, t('errors.generic.operationFailed')) }) });
    } finally {
      setBusy(false);
    }
  }

  const reveal = () => run(async () => setSecret({ text: (await api.secret()).secret, made: false }), 'notifications.secret.failed');
  const replace = () =>
    run(async () => {
      const next = await api.rotateSecret();
      setSecret({ text: next.secret, made: true });
      notify({ tone: 'info', message: t('notifications.secret.replaced') });
      onSaved();
    }, 'notifications.secret.failed').then(() => setReplacing(false));
  const test = () =>
    run(async () => {
      try {
        const { attempts } = await api.test();
        const result = attempts.map((a) => t('notifications.testResult', { target: a.target, outcome: t(`notifications.log.outcome.${a.outcome}`) })).join('; ');
        notify({ tone: attempts.every((a) => a.outcome === 'delivered') ? 'info' : 'warning', message: t('notifications.testSent', { result }) });
      } finally {
        onTested();
      }
    }, 'notifications.testFailed');

  const chosen = new Set(form.values.alarmTypes);
  const toggle = (type: string, on: boolean) => form.setValue('alarmTypes', on ? [...chosen, type] : [...chosen].filter((x) => x !== type));
  const saved = current.revision > 0;
  const hasTargets = current.emails.length > 0 || current.webhookUrl !== null;

  return (
    <Stack $gap="lg">
      <form id={formId} onSubmit={submit} noValidate>
        <Stack $gap="md">
          {form.formError && <InlineNotice tone="danger">{form.formError}</InlineNotice>}
          <label>
            <input type="checkbox" checked={form.values.enabled} onChange={(e) => form.setValue('enabled', e.currentTarget.checked)} /> {t('notifications.enabled')}
          </label>
          <TextField label={t('notifications.emails')} hint={t('notifications.emailsHint')} type="text" inputMode="email" autoComplete="off" {...form.field('emails')} />
          <TextField label={t('notifications.webhookUrl')} hint={t('notifications.webhookUrlHint')} type="url" inputMode="url" autoComplete="off" {...form.field('webhookUrl')} />
          <fieldset aria-describedby={form.errors.alarmTypes ? `${formId}-types-error` : undefined}>
            <legend>{t('notifications.alarmTypes')}</legend>
            <Row>
              {NOTIFICATION_ALARM_TYPES.map((type) => (
                <label key={type}>
                  <input type="checkbox" checked={chosen.has(type)} onChange={(e) => toggle(type, e.currentTarget.checked)} /> {t(`notifications.alarmType.${type}`)}
                </label>
              ))}
            </Row>
            {form.errors.alarmTypes && (
              <span role="alert" id={`${formId}-types-error`}>
                {form.errors.alarmTypes}
              </span>
            )}
          </fieldset>
          <Row>
            <Button variant="primary" type="submit" busy={form.submitting}>
              {t('notifications.save')}
            </Button>
            <Button onClick={() => void test()} disabled={busy || !saved || !hasTargets}>
              {t('notifications.test')}
            </Button>
          </Row>
        </Stack>
      </form>
      {current.webhookUrl && (
        <Stack $gap="sm" data-testid="webhook-secret">
          <strong>{t('notifications.secret.title')}</strong>
          <span>{current.secretHint ? t('notifications.secret.hint', { hint: current.secretHint }) : t('notifications.secret.none')}</span>
          {secret && (
            <InlineNotice tone={secret.made ? 'warning' : 'info'}>
              <code data-testid="secret-value" style={{ wordBreak: 'break-all' }}>{secret.made ? t('notifications.secret.newOne', { secret: secret.text }) : t('notifications.secret.shown', { secret: secret.text })}</code>
            </InlineNotice>
          )}
          <Row>
            {secret ? (
              <Button size="sm" onClick={() => setSecret(null)}>
                {t('notifications.secret.hide')}
              </Button>
            ) : (
              <Button size="sm" onClick={() => void reveal()} disabled={busy}>
                {t('notifications.secret.reveal')}
              </Button>
            )}
            <Button size="sm" variant="danger" onClick={() => setReplacing(true)} disabled={busy}>
              {t('notifications.secret.replace')}
            </Button>
          </Row>
        </Stack>
      )}
      {!current.webhookUrl && secret?.made && (
        <InlineNotice tone="warning">
          <code data-testid="secret-value" style={{ wordBreak: 'break-all' }}>{t('notifications.secret.newOne', { secret: secret.text })}</code>
        </InlineNotice>
      )}
      <ConfirmDialog
        open={replacing}
        title={t('notifications.secret.replaceTitle')}
        message={t('notifications.secret.replaceMessage')}
        confirmLabel={t('notifications.secret.replace')}
        danger
        busy={busy}
        onConfirm={() => void replace()}
        onCancel={() => setReplacing(false)}
      />
    </Stack>
  );
}
