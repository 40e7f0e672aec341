// Share the project with an account, or change an existing share, in a dialog. The rules are
// contracts' (the account, the permission, 1…8760 hours), so the form refuses what the server would.
// An address nobody signed up with can be invited instead: a link goes to it, and the share is made
// when it has signed up and accepts.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode, SHARE_VALIDITIES, ShareFormSchema, type InvitationCreateRequest, type InvitationItem, type ShareFormInput, type ShareItem } from '@airloom/contracts';
import { ApiError, Button, InlineNotice, Modal, Select, Stack, TextField, useSchemaForm, type SelectOption } from '@airloom/shared-ui';
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
  /** an invitation went to an address nobody signed up with */
  onInvited(invitation: InvitationItem): void;
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

export function ShareForm({ open, api, projectId, share, onClose, onSaved, onInvited }: ShareFormProps) {
  const { t } = useTranslation('overview');
  const formId = `sf${useId().replace(/:/g, '')}`;
  const mode = share ? 'edit' : 'create';
  const form = useSchemaForm(ShareFormSchema, initialValues(share));
  const { reset } = form;
  /** the share asked for when the account turned out unknown: it can be sent as an invitation */
  const [unknown, setUnknown] = useState<InvitationCreateRequest | null>(null);
  const [inviting, setInviting] = useState(false);
  useEffect(() => {
    if (open) reset(initialValues(share));
    setUnknown(null);
  }, [open, share, reset]);

  async function invite() {
    if (!unknown) return;
    setInviting(true);
    try {
      onInvited(await api.inviteToShare(projectId, unknown));
    } catch (err) {
      setUnknown(null);
      if (!form.applyServerError(err)) form.setFormError(t('errors.generic.operationFailed'));
    } finally {
      setInviting(false);
    }
  }

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
    setUnknown(null);
    try {
      // an existing share's end is kept while the hours are left empty
      const keepsEnd = data.keepsEnd && data.validity === 'hours' && data.hours.trim() === '';
      const saved = share
        ? await api.updateShare(projectId, share.id, keepsEnd ? { permission: data.permission } : { permission: data.permission, hours })
        : await api.createShare(projectId, { account: data.account, permission: data.permission, hours });
      onSaved(saved, mode);
    } catch (err) {
      if (!share && err instanceof ApiError && err.code === ErrorCode.ACCOUNT_NOT_FOUND) {
        setUnknown({ account: data.account.trim(), permission: data.permission, hours });
        return;
      }
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
          {unknown && (
            <InlineNotice tone="info">
              <Stack $gap="sm">
                <span>{t('sharing.invite.unknown', { account: unknown.account })}</span>
                <span>
                  <Button variant="primary" busy={inviting} onClick={() => void invite()}>
                    {t('sharing.invite.send')}
                  </Button>
                </span>
              </Stack>
            </InlineNotice>
          )}
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
