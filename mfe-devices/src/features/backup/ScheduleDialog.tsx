// Set the project's backup schedule (contracts' BackupScheduleFormSchema: the same rules as the
// server's): off, every day or every week on a day, at an hour of the project's time zone, keeping
// the newest N scheduled backups. The sentence below the fields says what it will do.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BACKUP_SCHEDULE_MODES, BackupScheduleFormSchema, LIMITS, type BackupScheduleView } from '@airloom/contracts';
import { Button, InlineNotice, Modal, Select, Stack, TextField, useMfe, useSchemaForm } from '@airloom/shared-ui';
import type { BackupApi } from './api';
import { hourLabel, scheduleSummary, zoneLabel } from './schedule-summary';

export interface ScheduleDialogProps {
  api: BackupApi;
  schedule: BackupScheduleView;
  onClose(): void;
  onSaved(schedule: BackupScheduleView): void;
}

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];

export function ScheduleDialog({ api, schedule, onClose, onSaved }: ScheduleDialogProps) {
  const { t } = useTranslation('devices');
  const mfe = useMfe();
  const formId = `bs${useId().replace(/:/g, '')}`;
  const form = useSchemaForm(BackupScheduleFormSchema, { mode: schedule.mode, weekday: String(schedule.weekday), hour: String(schedule.hour), keep: String(schedule.keep) });

  const submit = form.handleSubmit(async (data) => {
    mfe.setLoading('saving');
    try {
      onSaved(await api.setSchedule(data));
    } catch (err) {
      if (!form.applyServerError(err)) form.setFormError(t('errors.generic.operationFailed'));
    } finally {
      mfe.setLoading('end');
    }
  });

  const v = form.values;
  const preview = BackupScheduleFormSchema.safeParse(v);
  return (
    <Modal
      open
      title={t('backup.schedule.dialogTitle')}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('backup.cancel')}</Button>
          <Button variant="primary" type="submit" form={formId} busy={form.submitting}>
            {t('backup.schedule.save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Stack $gap="lg">
          {form.formError && <InlineNotice tone="danger">{form.formError}</InlineNotice>}
          <Select label={t('backup.schedule.mode')} options={BACKUP_SCHEDULE_MODES.map((m) => ({ value: m, label: t(`backup.schedule.modes.${m}`) }))} {...form.field('mode')} />
          {v.mode === 'weekly' && (
            <Select label={t('backup.schedule.weekday')} options={WEEKDAYS.map((d) => ({ value: String(d), label: t(`backup.weekdays.${d}`) }))} {...form.field('weekday')} />
          )}
          {v.mode !== 'off' && (
            <>
              <Select label={t('backup.schedule.hour', { zone: zoneLabel(schedule.zone) })} options={HOURS.map((h) => ({ value: String(h), label: hourLabel(h) }))} {...form.field('hour')} />
              <TextField
                label={t('backup.schedule.keep')}
                hint={t('backup.schedule.keepHint', { max: LIMITS.generalBackupsPerProjectMax })}
                inputMode="numeric"
                required
                {...form.field('keep')}
              />
            </>
          )}
          {preview.success && <p data-testid="schedule-preview">{scheduleSummary(t, { ...preview.data, zone: schedule.zone })}</p>}
        </Stack>
      </form>
    </Modal>
  );
}
