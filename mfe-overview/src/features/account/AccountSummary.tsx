// The account at a glance (spec §1 profile, §6 membership labels): avatar (a jpg, png, gif or bmp
// under 10 MB; the server checks the bytes), nickname, membership label, account type and company —
// or, for an engineer account, the company account it belongs to.
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { rules, type AccountProfile } from '@airloom/contracts';
import { ApiError, Badge, Button, Card, InlineNotice, Row, Stack, firstFailure, translateFailure, useNotice } from '@airloom/shared-ui';
import type { AccountApi } from './api';

const Avatar = styled.img`
  width: 72px;
  height: 72px;
  border-radius: 50%;
  object-fit: cover;
  /* a transparent image still shows as a round avatar */
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const Placeholder = styled.div`
  width: 72px;
  height: 72px;
  border-radius: 50%;
  display: grid;
  place-items: center;
  font-size: 28px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

/** the file's bytes as base64, without the data-URL prefix */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

export function AccountSummary({ api, profile, onChanged }: { api: AccountApi; profile: AccountProfile; onChanged: (p: AccountProfile) => void }) {
  const { t } = useTranslation('overview');
  const { t: tAny } = useTranslation();
  const { notify } = useNotice();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // spec §5: the name and size first, here; the server then checks what the bytes are
    const failure = firstFailure(rules.imageFile, { name: file.name, size: file.size });
    if (failure) {
      setError(translateFailure(tAny, failure));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      onChanged(await api.uploadAvatar(await readBase64(file)));
      notify({ tone: 'success', message: t('account.avatar.saved') });
    } catch (err) {
      const field = err instanceof ApiError ? err.fields.image : undefined;
      setError(field ? tAny(field) : err instanceof Error ? err.message : t('errors.generic.operationFailed'));
    } finally {
      setBusy(false);
    }
  }

  const company = profile.superior
    ? t('account.summary.engineerOf', { company: profile.superior.companyName || profile.superior.nick, account: profile.superior.account })
    : profile.companyName.value || t('account.summary.noCompany');
  return (
    <Card title={t('account.summary.title')}>
      <Stack $gap="md">
        <Row>
          {profile.avatar ? <Avatar src={profile.avatar} alt={t('account.avatar.alt')} /> : <Placeholder role="img" aria-label={t('account.avatar.none')}>{profile.nick.slice(0, 1).toUpperCase()}</Placeholder>}
          <Stack $gap="sm">
            <strong>{profile.nick}</strong>
            <span>{profile.account}</span>
            <Row>
              <Badge $tone="info" title={t('account.summary.membership')}>{t(`enums.membership.${profile.membership}`)}</Badge>
              <Badge title={t('account.summary.role')}>{t(`enums.accountRole.${profile.role}`)}</Badge>
            </Row>
          </Stack>
        </Row>
        <dl>
          <dt>{t('account.summary.company')}</dt>
          <dd>{company}</dd>
          {profile.subAccounts > 0 && <dd>{t('account.summary.engineers', { count: profile.subAccounts })}</dd>}
        </dl>
        {error && <InlineNotice tone="danger">{error}</InlineNotice>}
        {!profile.demo && (
          <Row>
            <input ref={input} type="file" accept=".jpg,.jpeg,.png,.gif,.bmp" hidden aria-label={t('account.avatar.choose')} onChange={(e) => void choose(e)} />
            <Button busy={busy} onClick={() => input.current?.click()}>{t('account.avatar.choose')}</Button>
            <span>{t('account.avatar.hint')}</span>
          </Row>
        )}
      </Stack>
    </Card>
  );
}
