// The owner's transfer of the project (spec §1 permission transfer, §4): offer it to another account,
// which accepts from the link it is sent; until then the offer can be withdrawn. Accepting moves the
// project: the owner loses it, the shares stay. Below, the project's transfer history: every offer
// and what became of it (the new owner reads how the project came to it).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TransferRequestSchema } from '@airloom/contracts';
import { ApiError, Button, Card, ConfirmDialog, InlineNotice, Modal, Row, Stack, TextField, useLoad, useNotice, useSchemaForm, type ProjectRef } from '@airloom/shared-ui';
import type { OverviewApi } from '../../api';

function formatTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** `disabledReason`: the live demo shows the section with its action disabled, saying why. */
export function TransferSection({ api, project, disabledReason }: { api: OverviewApi; project: ProjectRef; disabledReason?: string }) {
  const { t } = useTranslation('overview');
  const { notify } = useNotice();
  const formId = `tf${useId().replace(/:/g, '')}`;
  const pending = useLoad((signal) => (disabledReason ? Promise.resolve(null) : api.pendingTransfer(project.id, signal)));
  const history = useLoad((signal) => (disabledReason ? Promise.resolve(null) : api.transferHistory(project.id, signal)));
  const [offering, setOffering] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useSchemaForm(TransferRequestSchema, { account: '' });

  const submit = form.handleSubmit(async (data) => {
    try {
      const offer = await api.offerTransfer(project.id, data.account);
      setOffering(false);
      notify({ tone: 'success', message: t('sharing.transfer.offered', { account: offer.to }) });
      pending.reload();
      history.reload();
    } catch (err) {
      if (!form.applyServerError(err)) form.setFormError(t('errors.generic.operationFailed'));
    }
  });

  async function withdraw() {
    setBusy(true);
    try {
      await api.withdrawTransfer(project.id);
      notify({ tone: 'success', message: t('sharing.transfer.withdrawn') });
    } catch (err) {
      notify({ tone: 'danger', message: err instanceof ApiError ? err.message : t('errors.generic.operationFailed') });
    } finally {
      setBusy(false);
      setWithdrawing(false);
      pending.reload();
      history.reload();
    }
  }

  const offer = pending.data;
  return (
    <Card title={t('sharing.transfer.title')}>
      <Stack $gap="md">
        <p>{t('sharing.transfer.explain', { name: project.projectName })}</p>
        {offer ? (
          <InlineNotice tone="info">{t('sharing.transfer.pending', { account: offer.to, until: new Date(offer.expiresAt).toLocaleString() })}</InlineNotice>
        ) : null}
        <Row $gap="sm">
          <Button disabled={Boolean(disabledReason)} disabledReason={disabledReason} onClick={() => { form.reset({ account: '' }); setOffering(true); }}>{t(offer ? 'sharing.transfer.offerAgain' : 'sharing.transfer.offer')}</Button>
          {offer && <Button variant="ghost" onClick={() => setWithdrawing(true)}>{t('sharing.transfer.withdraw')}</Button>}
        </Row>
        {history.data && history.data.length > 0 && (
          <section aria-labelledby={`${formId}-history`}>
            <h3 id={`${formId}-history`}>{t('sharing.transfer.history')}</h3>
            <ul>
              {history.data.map((h) => (
                <li key={h.id}>
                  {t('sharing.transfer.historyItem', { from: h.from, to: h.to, offeredAt: formatTime(h.offeredAt) })}
                  {': '}
                  {t(`sharing.transfer.historyStatus.${h.status}`, { decidedAt: h.decidedAt ? formatTime(h.decidedAt) : '', expiresAt: formatTime(h.expiresAt) })}
                </li>
              ))}
            </ul>
          </section>
        )}
      </Stack>
      <Modal
        open={offering}
        title={t('sharing.transfer.dialogTitle', { name: project.projectName })}
        onClose={() => setOffering(false)}
        footer={
          <>
            <Button onClick={() => setOffering(false)}>{t('common.actions.cancel')}</Button>
            <Button variant="primary" type="submit" form={formId} busy={form.submitting}>
              {t('sharing.transfer.send')}
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={submit} noValidate>
          <Stack $gap="lg">
            {form.formError && <InlineNotice tone="danger">{form.formError}</InlineNotice>}
            <InlineNotice tone="warning">{t('sharing.transfer.warning', { name: project.projectName })}</InlineNotice>
            <TextField label={t('sharing.form.account')} hint={t('sharing.form.accountHint')} required autoComplete="off" {...form.field('account')} />
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        open={withdrawing}
        title={t('sharing.transfer.withdrawTitle')}
        message={t('sharing.transfer.withdrawMessage', { account: offer?.to ?? '' })}
        confirmLabel={t('sharing.transfer.withdraw')}
        busy={busy}
        onConfirm={() => void withdraw()}
        onCancel={() => setWithdrawing(false)}
      />
    </Card>
  );
}
