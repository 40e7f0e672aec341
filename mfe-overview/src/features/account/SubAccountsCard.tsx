// Account management with engineer sub-accounts (spec §1, §5, §6): the company account lists, makes,
// disables, enables and removes its engineers, and may require two-factor sign-in of all of them
// (contracts' canRequireTwoFactor). An engineer account is told whose it is; it makes no engineers of
// its own (a subordinate is never a superior).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canRequireTwoFactor, SubAccountCreateRequestSchema, type AccountProfile, type SubAccountItem } from '@airloom/contracts';
import {
  ApiError, Badge, Button, Card, ConfirmDialog, EmptyState, InlineNotice, Modal, Row, Stack, Table, TextField,
  useLoad, useMfe, useNotice, useSchemaForm, type TableColumn,
} from '@airloom/shared-ui';
import type { AccountApi } from './api';

const EMPTY = { account: '', nick: '', password: '', confirm: '' };
const NO_ENGINEERS: SubAccountItem[] = [];

export function SubAccountsCard({ api, profile, onCountChanged }: { api: AccountApi; profile: AccountProfile; onCountChanged: () => void }) {
  const { t } = useTranslation('overview');
  if (profile.superior) {
    return (
      <Card title={t('account.engineers.title')}>
        <p>{t('account.engineers.engineerExplain', { company: profile.superior.companyName || profile.superior.account })}</p>
      </Card>
    );
  }
  return <EngineerList api={api} demo={profile.demo} onCountChanged={onCountChanged} />;
}

function EngineerList({ api, demo, onCountChanged }: { api: AccountApi; demo: boolean; onCountChanged: () => void }) {
  const { t } = useTranslation('overview');
  const { notify } = useNotice();
  const engineers = useLoad((signal) => api.listSubAccounts(signal));
  const formId = `ef${useId().replace(/:/g, '')}`;
  const [making, setMaking] = useState(false);
  const [removing, setRemoving] = useState<SubAccountItem | null>(null);
  const form = useSchemaForm(SubAccountCreateRequestSchema, EMPTY);
  const changed = () => {
    engineers.reload();
    onCountChanged();
  };
  const failed = (err: unknown) => notify({ tone: 'danger', message: err instanceof ApiError ? err.message : t('errors.generic.operationFailed') });
  const { session } = useMfe();
  // the server also wants the company's own two-factor sign-in on (79): it says so when it is not
  const mayRequire = canRequireTwoFactor({ role: session.role, demo: session.demo, ownTwoFactor: true }).ok;
  const [policyBusy, setPolicyBusy] = useState(false);
  const [policyError, setPolicyError] = useState<string | null>(null);
  const required = engineers.data?.twoFactorRequired === true;
  async function setPolicy(next: boolean) {
    setPolicyBusy(true);
    setPolicyError(null);
    try {
      await api.setTwoFactorPolicy(next);
      notify({ tone: 'success', message: t(next ? 'account.engineers.twoFactorRequiredNow' : 'account.engineers.twoFactorNotRequiredNow') });
      engineers.reload();
    } catch (err) {
      setPolicyError(err instanceof ApiError ? err.message : t('errors.generic.operationFailed'));
    } finally {
      setPolicyBusy(false);
    }
  }

  const submit = form.handleSubmit(async (data) => {
    try {
      const made = await api.createSubAccount(data);
      setMaking(false);
      notify({ tone: 'success', message: t('account.engineers.made', { account: made.account }) });
      changed();
    } catch (err) {
      if (!form.applyServerError(err)) form.setFormError(t('errors.generic.operationFailed'));
    }
  });
  async function toggle(e: SubAccountItem) {
    try {
      await api.setSubAccountDisabled(e.id, !e.disabled);
      notify({ tone: 'success', message: t(e.disabled ? 'account.engineers.enabledNow' : 'account.engineers.disabledNow', { account: e.account }) });
    } catch (err) {
      failed(err);
    } finally {
      changed();
    }
  }
  async function remove() {
    if (!removing) return;
    try {
      await api.removeSubAccount(removing.id);
      notify({ tone: 'success', message: t('account.engineers.removed', { account: removing.account }) });
    } catch (err) {
      failed(err);
    } finally {
      setRemoving(null);
      changed();
    }
  }

  const columns: TableColumn<SubAccountItem>[] = [
    { id: 'account', header: t('account.engineers.account'), value: (e) => e.account, hideable: false },
    { id: 'nick', header: t('account.engineers.nick'), value: (e) => e.nick },
    {
      id: 'status', header: t('account.engineers.status'), value: (e) => (e.disabled ? t('account.engineers.disabled') : t('account.engineers.active')),
      cell: (e) => <Badge $tone={e.disabled ? 'warning' : 'success'}>{e.disabled ? t('account.engineers.disabled') : t('account.engineers.active')}</Badge>,
    },
    { id: 'projects', header: t('account.engineers.projects'), value: (e) => e.projects, searchable: false },
    { id: 'createdAt', header: t('account.engineers.created'), value: (e) => e.createdAt, cell: (e) => new Date(e.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' }), searchable: false },
  ];
  return (
    <Card title={t('account.engineers.title')}>
      <Stack $gap="md">
        <p>{t('account.engineers.explain')}</p>
        {demo && <InlineNotice tone="info">{t('account.engineers.demo')}</InlineNotice>}
        {engineers.error && <InlineNotice tone="danger">{engineers.error.message}</InlineNotice>}
        <Table
          label={t('account.engineers.tableLabel')}
          columns={columns}
          data={engineers.data?.items ?? NO_ENGINEERS}
          getRowId={(e) => String(e.id)}
          initialSort={{ id: 'account', desc: false }}
          empty={<EmptyState title={t('account.engineers.empty')} description={t('account.engineers.emptyHint')} />}
          rowActions={(e) => (
            <Row>
              <Button size="sm" variant="ghost" aria-label={t(e.disabled ? 'account.engineers.enableAccount' : 'account.engineers.disableAccount', { account: e.account })} onClick={() => void toggle(e)}>
                {t(e.disabled ? 'account.engineers.enable' : 'account.engineers.disable')}
              </Button>
              <Button size="sm" variant="ghost" aria-label={t('account.engineers.removeAccount', { account: e.account })} onClick={() => setRemoving(e)}>
                {t('account.engineers.remove')}
              </Button>
            </Row>
          )}
        />
        {!demo && <Row><Button onClick={() => { form.reset(EMPTY); setMaking(true); }}>{t('account.engineers.make')}</Button></Row>}
        {mayRequire && engineers.data && (
          <section aria-labelledby={`${formId}-2fa`}>
            <Stack $gap="sm">
              <h3 id={`${formId}-2fa`}>{t('account.engineers.twoFactorTitle')}</h3>
              <p data-testid="engineers-two-factor">{t(required ? 'account.engineers.twoFactorRequired' : 'account.engineers.twoFactorNotRequired')}</p>
              {policyError && <InlineNotice tone="danger">{policyError}</InlineNotice>}
              <Row>
                <Button variant={required ? 'secondary' : 'primary'} busy={policyBusy} onClick={() => void setPolicy(!required)}>
                  {t(required ? 'account.engineers.stopRequiringTwoFactor' : 'account.engineers.requireTwoFactor')}
                </Button>
              </Row>
              {!required && <p>{t('account.engineers.requireTwoFactorHint')}</p>}
            </Stack>
          </section>
        )}
      </Stack>
      <Modal
        open={making}
        title={t('account.engineers.make')}
        onClose={() => setMaking(false)}
        footer={
          <>
            <Button onClick={() => setMaking(false)}>{t('common.actions.cancel')}</Button>
            <Button variant="primary" type="submit" form={formId} busy={form.submitting}>{t('account.engineers.create')}</Button>
          </>
        }
      >
        <form id={formId} onSubmit={submit} noValidate>
          <Stack $gap="lg">
            {form.formError && <InlineNotice tone="danger">{form.formError}</InlineNotice>}
            <TextField label={t('account.engineers.account')} hint={t('account.engineers.accountHint')} required autoComplete="off" {...form.field('account')} />
            <TextField label={t('account.engineers.nick')} hint={t('account.profile.nickHint')} required autoComplete="off" {...form.field('nick')} />
            <TextField type="password" label={t('account.engineers.password')} required autoComplete="new-password" {...form.field('password')} />
            <TextField type="password" label={t('account.engineers.confirm')} required autoComplete="new-password" {...form.field('confirm')} />
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        open={removing !== null}
        title={t('account.engineers.removeTitle')}
        message={t('account.engineers.removeMessage', { account: removing?.account ?? '', count: removing?.projects ?? 0 })}
        confirmLabel={t('account.engineers.remove')}
        danger
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}
