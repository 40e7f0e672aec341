// The company name and address (spec §1 profile, §9 once a year each; codes 14, 15, 65). Only what
// changed is sent; a field changed this year says from when it may change again.
import { useTranslation } from 'react-i18next';
import { CompanyUpdateRequestSchema, type AccountProfile, type CompanyUpdateRequest } from '@airloom/contracts';
import { Button, Card, InlineNotice, Row, Stack, TextField, useNotice, useSchemaForm } from '@airloom/shared-ui';
import type { AccountApi } from './api';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long', timeZone: 'UTC' });

export function CompanyCard({ api, profile, onChanged }: { api: AccountApi; profile: AccountProfile; onChanged: (p: AccountProfile) => void }) {
  const { t } = useTranslation('overview');
  const { notify } = useNotice();
  const { companyName, companyAddress } = profile;
  // a field never given stays out of the request until it is typed in
  const form = useSchemaForm(CompanyUpdateRequestSchema, { companyName: companyName.value || undefined, companyAddress: companyAddress.value || undefined });
  const submit = form.handleSubmit(async (data) => {
    const body: CompanyUpdateRequest = {};
    if (data.companyName !== undefined && data.companyName !== companyName.value) body.companyName = data.companyName;
    if (data.companyAddress !== undefined && data.companyAddress !== companyAddress.value) body.companyAddress = data.companyAddress;
    if (Object.keys(body).length === 0) {
      form.setFormError(t('account.company.nothing'));
      return;
    }
    try {
      onChanged(await api.updateCompany(body));
      notify({ tone: 'success', message: t('account.company.saved') });
    } catch (err) {
      if (!form.applyServerError(err)) form.setFormError(t('errors.generic.operationFailed'));
    }
  });
  // an empty field that was never given is left out (the schema checks what is given)
  const field = (name: 'companyName' | 'companyAddress', current: string) => {
    const f = form.field(name);
    return { ...f, value: f.value ?? '', onChange: (v: string) => f.onChange(v === '' && current === '' ? undefined : v) };
  };
  const hint = (from: string | null) => (from ? t('account.company.lockedUntil', { date: day(from) }) : undefined);
  return (
    <Card title={t('account.company.title')}>
      <form onSubmit={submit} noValidate>
        <Stack $gap="md">
          <p>{t('account.company.explain')}</p>
          {form.formError && <InlineNotice tone="danger">{form.formError}</InlineNotice>}
          <TextField label={t('account.company.name')} hint={hint(companyName.changeableFrom)} autoComplete="organization" disabled={profile.demo} {...field('companyName', companyName.value)} />
          <TextField label={t('account.company.address')} hint={hint(companyAddress.changeableFrom)} autoComplete="street-address" disabled={profile.demo} {...field('companyAddress', companyAddress.value)} />
          {!profile.demo && <Row><Button variant="primary" type="submit" busy={form.submitting}>{t('account.company.save')}</Button></Row>}
        </Stack>
      </form>
    </Card>
  );
}
