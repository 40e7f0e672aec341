// Sharing a saved solution read-only (owner only): with an account, or by a link that expires after
// some hours (1 to SOLUTION_SHARE_LINK_HOURS_MAX); each share can be revoked.
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SOLUTION_SHARE_LINK_HOURS_MAX, type SolutionShare } from '@airloom/contracts';
import { ApiError, Button, Card, InlineNotice, Row, Stack, TextField, useLoad, useMfe } from '@airloom/shared-ui';
import { createSolutionsApi } from '../../api';
import { utcMinute } from './format';

export function SharePanel({ solutionId }: { solutionId: number }) {
  const { t } = useTranslation('solutions');
  const mfe = useMfe();
  const api = useMemo(() => createSolutionsApi(mfe.api), [mfe.api]);
  const shares = useLoad((signal) => api.shares(solutionId, signal));
  const [account, setAccount] = useState('');
  const [hours, setHours] = useState('72');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<{ account?: string; hours?: string }>({});
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await action();
      shares.reload();
      return true;
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('errors.generic.operationFailed'));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function shareWithAccount(e: FormEvent) {
    e.preventDefault();
    if (account.trim() === '') return setFieldError({ account: t('share.accountError') });
    setFieldError({});
    if (await run(() => api.share(solutionId, { account: account.trim() }))) setAccount('');
  }

  async function makeLink(e: FormEvent) {
    e.preventDefault();
    const n = Number(hours);
    if (!Number.isInteger(n) || n < 1 || n > SOLUTION_SHARE_LINK_HOURS_MAX) return setFieldError({ hours: t('share.hoursError', { max: SOLUTION_SHARE_LINK_HOURS_MAX }) });
    setFieldError({});
    await run(() => api.share(solutionId, { link: true, hours: n }));
  }

  const describe = (s: SolutionShare) =>
    s.account !== null ? t('share.withAccount', { account: s.account }) : t(s.status === 'expired' ? 'share.expired' : 'share.link', { expiresAt: utcMinute(s.expiresAt ?? '') });

  return (
    <Card title={t('share.title')}>
      <Stack $gap="md">
        {error && <InlineNotice tone="danger">{error}</InlineNotice>}
        <form onSubmit={(e) => void shareWithAccount(e)}>
          <Row $gap="sm">
            <TextField label={t('share.account')} value={account} autoComplete="off" error={fieldError.account} onChange={setAccount} />
            <Button type="submit" disabled={busy}>{t('share.shareWithAccount')}</Button>
          </Row>
        </form>
        <form onSubmit={(e) => void makeLink(e)}>
          <Row $gap="sm">
            <TextField label={t('share.hours')} inputMode="numeric" value={hours} error={fieldError.hours} onChange={setHours} />
            <Button type="submit" disabled={busy}>{t('share.makeLink')}</Button>
          </Row>
        </form>
        {shares.data && shares.data.items.length === 0 && <p>{t('share.none')}</p>}
        {shares.data && shares.data.items.length > 0 && (
          <ul aria-label={t('share.listLabel')}>
            {shares.data.items.map((s) => (
              <li key={s.id}>
                <Row $gap="sm">
                  <span>{describe(s)}</span>
                  {s.path && s.status === 'active' && <a href={s.path} target="_blank" rel="noreferrer">{`${window.location.origin}${s.path}`}</a>}
                  <Button size="sm" variant="ghost" disabled={busy} aria-label={t('share.revokeLabel', { what: describe(s) })} onClick={() => void run(() => api.unshare(solutionId, s.id))}>
                    {t('share.revoke')}
                  </Button>
                </Row>
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Card>
  );
}
