// /overview/account (spec §1 profile and account management), opened from the account menu: the
// account at a glance (avatar, membership label, company), the nickname, the company name and
// address, the password (the current one first; other sessions end), two-factor sign-in and the ways
// to sign in, the account's API keys (spec §2
// open-API access type: made with a name, an access and all or chosen projects, shown once, revoked), engineer
// sub-accounts, and the console's version with the help centre.
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiKeyCreateRequestSchema, PasswordChangeRequestSchema, ProfileUpdateRequestSchema, type AccountProfile, type ApiKeyItem } from '@airloom/contracts';
import {
  ApiError, Button, Card, ConfirmDialog, EmptyState, InlineNotice, Modal, Page, PageHeader, Row, Select, Spinner, Stack, Table, TextField,
  useLoad, useMfe, useNotice, useSchemaForm, type TableColumn,
} from '@airloom/shared-ui';
import { createOverviewApi, type OverviewApi } from '../../api';
import { AboutCard } from './AboutCard';
import { AccountSummary } from './AccountSummary';
import { CompanyCard } from './CompanyCard';
import { KeyProjectsField } from './KeyProjectsField';
import { SignInMethodsCard } from './SignInMethodsCard';
import { SubAccountsCard } from './SubAccountsCard';
import { TwoFactorCard } from './TwoFactorCard';
import { createAccountApi } from './api';

export function AccountPage() {
  const { t } = useTranslation('overview');
  const mfe = useMfe();
  const api = useMemo(() => createOverviewApi(mfe.api), [mfe.api]);
  const accountApi = useMemo(() => createAccountApi(mfe.api), [mfe.api]);
  const loaded = useLoad((signal) => accountApi.profile(signal));
  // what a change answered is newer than what the page loaded
  const [profile, setProfile] = useState<AccountProfile | null>(null);
  useEffect(() => setProfile(loaded.data), [loaded.data]);
  return (
    <Page>
      <PageHeader title={t('account.title')} description={t('account.description', { account: mfe.session.account })} />
      <Stack $gap="xl">
        {loaded.error && <InlineNotice tone="danger">{loaded.error.message}</InlineNotice>}
        {profile ? <AccountSummary api={accountApi} profile={profile} onChanged={setProfile} /> : !loaded.error && <Spinner />}
        <ProfileCard api={api} nick={mfe.session.nick} />
        {profile && <CompanyCard api={accountApi} profile={profile} onChanged={setProfile} />}
        <PasswordCard api={api} />
        <TwoFactorCard />
        <SignInMethodsCard />
        <ApiKeysCard api={api} />
        {profile && <SubAccountsCard api={accountApi} profile={profile} onCountChanged={loaded.reload} />}
        {profile && <AboutCard profile={profile} />}
      </Stack>
    </Page>
  );
}

function ProfileCard({ api, nick }: { api: OverviewApi; nick: string }) {
  const { t } = useTranslation('overview');
  const { notify } = useNotice();
  const formId = `pf${useId().replace(/:/g, '')}`;
  const form = useSchemaForm(ProfileUpdateRequestSchema, { nick });
  const submit = form.handleSubmit(async (data) => {
    try {
      const me = await api.updateProfile(data);
      notify({ tone: 'success', message: t('account.profile.saved', { nick: me.nick }) });
    } catch (err) {
      if (!form.applyServerError(err)) form.setFormError(t('errors.generic.operationFailed'));
    }
  });
  return (
    <Card title={t('account.profile.title')}>
      <form id={formId} onSubmit={submit} noValidate>
        <Stack $gap="md">
          {form.formError && <InlineNotice tone="danger">{form.formError}</InlineNotice>}
          <TextField label={t('account.profile.nick')} hint={t('account.profile.nickHint')} autoComplete="nickname" {...form.field('nick')} />
          <Row><Button variant="primary" type="submit" busy={form.submitting}>{t('common.actions.save')}</Button></Row>
        </Stack>
      </form>
    </Card>
  );
}

function PasswordCard({ api }: { api: OverviewApi }) {
  const { t } = useTranslation('overview');
  const { notify } = useNotice();
  const empty = { oldPassword: '', password: '', confirm: '' };
  const form = useSchemaForm(PasswordChangeRequestSchema, empty);
  const submit = form.handleSubmit(async (data) => {
    try {
      await api.changePassword(data);
      form.reset(empty);
      notify({ tone: 'success', message: t('account.password.changed') });
    } catch (err) {
      if (!form.applyServerError(err)) form.setFormError(t('errors.generic.operationFailed'));
    }
  });
  return (
    <Card title={t('account.password.title')}>
      <form onSubmit={submit} noValidate>
        <Stack $gap="md">
          <p>{t('account.password.explain')}</p>
          {form.formError && <InlineNotice tone="danger">{form.formError}</InlineNotice>}
          <TextField type="password" label={t('account.password.old')} autoComplete="current-password" required {...form.field('oldPassword')} />
          <TextField type="password" label={t('account.password.new')} autoComplete="new-password" required {...form.field('password')} />
          <TextField type="password" label={t('account.password.confirm')} autoComplete="new-password" required {...form.field('confirm')} />
          <Row><Button variant="primary" type="submit" busy={form.submitting}>{t('account.password.submit')}</Button></Row>
        </Stack>
      </form>
    </Card>
  );
}

const NEW_KEY = { name: '', access: 'r', projects: null } as const;

function ApiKeysCard({ api }: { api: OverviewApi }) {
  const { t } = useTranslation('overview');
  const { notify } = useNotice();
  const keys = useLoad((signal) => api.listKeys(signal));
  const formId = `kf${useId().replace(/:/g, '')}`;
  const [making, setMaking] = useState(false);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyItem | null>(null);
  const form = useSchemaForm(ApiKeyCreateRequestSchema, NEW_KEY);
  const submit = form.handleSubmit(async (data) => {
    try {
      const made = await api.createKey(data);
      setMaking(false);
      setSecret({ name: made.key.name, secret: made.secret });
      keys.reload();
    } catch (err) {
      if (!form.applyServerError(err)) form.setFormError(t('errors.generic.operationFailed'));
    }
  });
  async function revoke() {
    if (!revoking) return;
    try {
      await api.revokeKey(revoking.id);
      notify({ tone: 'success', message: t('account.keys.revoked', { name: revoking.name }) });
    } catch (err) {
      notify({ tone: 'danger', message: err instanceof ApiError ? err.message : t('errors.generic.operationFailed') });
    } finally {
      setRevoking(null);
      keys.reload();
    }
  }
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : t('account.keys.never'));
  const columns: TableColumn<ApiKeyItem>[] = [
    { id: 'name', header: t('account.keys.name'), value: (k) => k.name, hideable: false },
    { id: 'prefix', header: t('account.keys.prefix'), value: (k) => `${k.prefix}…`, searchable: false },
    { id: 'access', header: t('account.keys.access'), value: (k) => t(`sharing.permission.${k.access}`) },
    { id: 'projects', header: t('account.keys.projects'), value: (k) => (k.projects ? t('account.keys.someProjects', { count: k.projects.length }) : t('account.keys.allProjects')) },
    { id: 'createdAt', header: t('account.keys.created'), value: (k) => k.createdAt, cell: (k) => when(k.createdAt), searchable: false },
    { id: 'lastUsedAt', header: t('account.keys.lastUsed'), value: (k) => k.lastUsedAt ?? '', cell: (k) => when(k.lastUsedAt), searchable: false },
  ];
  return (
    <Card title={t('account.keys.title')}>
      <Stack $gap="md">
        <p>{t('account.keys.explain')}</p>
        {secret && (
          <InlineNotice tone="warning">
            <Stack $gap="sm">
              <span>{t('account.keys.showOnce', { name: secret.name })}</span>
              <code data-testid="api-key-secret">{secret.secret}</code>
              <Row><Button size="sm" onClick={() => setSecret(null)}>{t('account.keys.copied')}</Button></Row>
            </Stack>
          </InlineNotice>
        )}
        {keys.error && <InlineNotice tone="danger">{keys.error.message}</InlineNotice>}
        <Table
          label={t('account.keys.tableLabel')}
          columns={columns}
          data={keys.data?.items ?? NO_KEYS}
          getRowId={(k) => String(k.id)}
          initialSort={{ id: 'createdAt', desc: true }}
          empty={<EmptyState title={t('account.keys.empty')} description={t('account.keys.emptyHint')} />}
          rowActions={(k) => (
            <Button size="sm" variant="ghost" aria-label={t('account.keys.revokeKey', { name: k.name })} onClick={() => setRevoking(k)}>
              {t('account.keys.revoke')}
            </Button>
          )}
        />
        <Row><Button onClick={() => { form.reset(NEW_KEY); setMaking(true); }}>{t('account.keys.make')}</Button></Row>
      </Stack>
      <Modal
        open={making}
        title={t('account.keys.make')}
        onClose={() => setMaking(false)}
        footer={
          <>
            <Button onClick={() => setMaking(false)}>{t('common.actions.cancel')}</Button>
            <Button variant="primary" type="submit" form={formId} busy={form.submitting}>{t('account.keys.create')}</Button>
          </>
        }
      >
        <form id={formId} onSubmit={submit} noValidate>
          <Stack $gap="lg">
            {form.formError && <InlineNotice tone="danger">{form.formError}</InlineNotice>}
            <TextField label={t('account.keys.name')} hint={t('account.keys.nameHint')} required autoComplete="off" {...form.field('name')} />
            <Select
              label={t('account.keys.access')}
              options={[{ value: 'r', label: t('sharing.permission.r') }, { value: 'rw', label: t('sharing.permission.rw') }]}
              {...form.field('access')}
            />
            <KeyProjectsField api={api} value={form.values.projects} onChange={(v) => form.setValue('projects', v)} error={form.errors.projects} />
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        open={revoking !== null}
        title={t('account.keys.revokeTitle')}
        message={t('account.keys.revokeMessage', { name: revoking?.name ?? '' })}
        confirmLabel={t('account.keys.revoke')}
        danger
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}

const NO_KEYS: ApiKeyItem[] = [];
