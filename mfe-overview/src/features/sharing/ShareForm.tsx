// Share the project with an account, or change an existing share, in a dialog. The rules are
// contracts' (the account, the permission, 1…8760 hours), so the form refuses what the server would.
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SHARE_VALIDITIES, ShareFormSchema, type ShareFormInput, type ShareItem } from '@airloom/contracts';
import { Button, InlineNotice, Modal, Select, Stack, TextField, useSchemaForm, type SelectOption } from '@airloom/shared-ui';
import type { OverviewApi } from '../../api';

type ShareFormValues = ShareFormInput;

export interface ShareFormProps {
  open: boolean;
  api: OverviewApi;
  projectId: number;
  /** the share to change; a new share when absent */
  share?: ShareItem | null;
  onClose(): void;
  onSaved(share: ShareItem, mode: 'create' | 'edit'): void;
}

function initialValues(share: ShareItem | null | undefined): ShareFormValues {
  return {
    account: share?.account ?? '',
    permission: share?.permission ?? 'r',
    validity: share && share.expiresAt === null ? 'permanent' : 'hours',
    hours: share ? '' : '24',
    creating: !share,
    keepsEnd: Boolean(share && share.expiresAt !== null && share.status === 'active'),
  };
}

export function ShareForm({ open, api, projectId, share, onClose, onSaved }: ShareFormProps) {
  const { t } = useTranslation('overview');
  const formId = `sf${useId().replace(/:/g, '')}`;
  const mode = share ? 'edit' : 'create';
  const form = useSchemaForm(ShareFormSchema, initialValues(share));
  const { reset } = form;
  useEffect(() => {
    if (open) reset(initialValues(share));
  }, [open, share, reset]);

  const permissions: SelectOption<'r' | 'rw'>[] = [
    { value: 'r', label: t('sharing.permission.r') },
    { value: 'rw', label: t('sharing.permission.rw') },
  ];
  const validities: SelectOption<(typeof SHARE_VALIDITIES)[number]>[] = [
    { value: 'permanent', label: t('sharing.validity.permanent') },
    { value: 'hours', label: t('sharing.validity.hours') },
  ];

  const submit = form.handleSubmit(async (data) => {
    const hours = data.validity === 'permanent' ? null : Number(data.hours);
    try {
      // an existing share's end is kept while the hours are left empty
      const keepsEnd = data.keepsEnd && data.validity === 'hours' && data.hours.trim() === '';
      const saved = share
        ? await api.updateShare(projectId, share.id, keepsEnd ? { permission: data.permission } : { permission: data.permission, hours })
        : await api.createShare(projectId, { account: data.account, permission: data.permission, hours });
      onSaved(saved, mode);
    } catch (err) {
      if (!form.applyServerError(err)) form.setFormError(t('errors.generic.operationFailed'));
    }
  });

  const permission = form.field('permission');
  const validity = form.field('validity');
  return (
    <Modal
      open={open}
      title={t(mode === 'create' ? 'sharing.form.createTitle' : 'sharing.form.editTitle', { account: share?.account ?? '' })}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
          <Button variant="primary" type="submit" form={formId} busy={form.submitting}>
            {t(mode === 'create' ? 'sharing.form.share' : 'common.actions.save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Stack $gap="lg">
          {form.formError && <InlineNotice tone="danger">{form.formError}</InlineNotice>}
          {mode === 'create' && (
            <TextField label={t('sharing.form.account')} hint={t('sharing.form.accountHint')} required autoComplete="off" {...form.field('account')} />
          )}
          <Select label={t('sharing.form.permission')} options={permissions} hint={t(`sharing.permissionHint.${permission.value}`)} {...permission} />
          <Select label={t('sharing.form.validity')} options={validities} {...validity} />
          {validity.value === 'hours' && (
            <TextField
              label={t('sharing.form.hours')}
              hint={form.values.keepsEnd ? t('sharing.form.hoursKeep') : t('sharing.form.hoursHint')}
              inputMode="numeric"
              required={!form.values.keepsEnd}
              {...form.field('hours')}
            />
          )}
        </Stack>
      </form>
    </Modal>
  );
}
