// Add or edit one wireless policy (spec §3 fields, §5 rules): checked with contracts'
// WirelessPolicyInputSchema, the schema the server uses; the list rules (24, 40, 2005–2007, 91) come
// back from the server as its code and are shown on the field. Saving adds to the pending change only.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, Button, InlineNotice, Modal, Row, Select, Stack, TextField } from '@airloom/shared-ui';
import { CIPHER_LABELS, SECURITY_MODE_LABELS, type WirelessDevice } from '@airloom/contracts';
import { BANDS, ciphersFor, isEnterpriseMode, LIMITS_SHUTDOWN_PERIODS, needsWifiPassword, WirelessPolicyInputSchema, type WirelessPolicyInput } from './policy-model';
import { passwordStrength } from './password-strength';

interface Draft {
  name: string;
  ssid: string;
  ssid5: string;
  band: (typeof BANDS)[number];
  securityMode: string;
  cipher: string;
  password: string;
  keyUpdateCycle: string;
  vlanId: string;
  maxClients: string;
  hidden: boolean;
  guest: boolean;
  rate: 'none' | '20' | '50';
  schedule: { start: string; end: string }[];
  radiusIp: string;
  radiusPort: string;
  radiusSecret: string;
  applyTo: 'all' | 'specified';
  sns: string[];
}

function draftOf(p: WirelessPolicyInput | null): Draft {
  return {
    name: p?.name ?? '',
    ssid: p?.ssid ?? '',
    ssid5: p?.ssid5 ?? '',
    band: p?.band ?? 'dual',
    securityMode: String(p?.securityMode ?? 2),
    cipher: p?.cipher ?? 'aes',
    password: p?.password ?? '',
    keyUpdateCycle: String(p?.keyUpdateCycle ?? 0),
    vlanId: p?.vlanId === null || p?.vlanId === undefined ? '' : String(p.vlanId),
    maxClients: String(p?.maxClients ?? 64),
    hidden: p?.hidden ?? false,
    guest: p?.guest ?? false,
    rate: p?.rateLimit ? (String(p.rateLimit.downloadMbps) as '20' | '50') : 'none',
    schedule: p?.schedule ?? [],
    radiusIp: p?.radius?.ip ?? '',
    radiusPort: String(p?.radius?.port ?? 1812),
    radiusSecret: p?.radius?.secret ?? '',
    applyTo: p?.applyTo ?? 'all',
    sns: p?.sns ?? [],
  };
}

const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

/** the policy the draft stands for (fields a mode does not use are left out) */
export function policyOf(d: Draft): Record<string, unknown> {
  const mode = Number(d.securityMode);
  return {
    name: d.name,
    ssid: d.ssid,
    ...(d.band === 'dual' ? { ssid5: d.ssid5 } : {}),
    band: d.band,
    securityMode: mode,
    ...(ciphersFor(mode).length ? { cipher: d.cipher } : {}),
    ...(needsWifiPassword(mode) ? { password: d.password } : {}),
    keyUpdateCycle: num(d.keyUpdateCycle),
    vlanId: d.vlanId.trim() === '' ? null : num(d.vlanId),
    maxClients: num(d.maxClients),
    hidden: d.hidden,
    schedule: d.schedule.length ? d.schedule : null,
    guest: d.guest,
    rateLimit: d.rate === 'none' ? null : { uploadMbps: 10, downloadMbps: Number(d.rate) },
    radius: isEnterpriseMode(mode) ? { ip: d.radiusIp, port: num(d.radiusPort), secret: d.radiusSecret } : null,
    applyTo: d.applyTo,
    sns: d.applyTo === 'specified' ? d.sns : [],
  };
}

export interface PolicyDialogProps {
  policy: (WirelessPolicyInput & { id?: number }) | null;
  devices: readonly WirelessDevice[];
  onCancel(): void;
  onSave(policy: WirelessPolicyInput): Promise<void>;
}

export function PolicyDialog({ policy, devices, onCancel, onSave }: PolicyDialogProps) {
  const { t } = useTranslation('wireless');
  const formId = `wp${useId().replace(/:/g, '')}`;
  const [d, setD] = useState<Draft>(() => draftOf(policy));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const mode = Number(d.securityMode);
  const ciphers = ciphersFor(mode);
  const err = (path: string) => (errors[path] ? t(errors[path]!, { ns: 'rules', defaultValue: t('common.form.invalid', { ns: 'common', defaultValue: 'Invalid value' }) }) : null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = WirelessPolicyInputSchema.safeParse(policyOf(d));
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message.replace(/^rules\./, '');
      setErrors(next);
      setFormError(t('policies.form.invalid'));
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      await onSave(parsed.data);
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = error.fields;
        setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.replace(/^rules\./, '')])));
        setFormError(error.message);
      } else setFormError(String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={policy ? t('policies.form.editTitle', { name: policy.name }) : t('policies.form.addTitle')}
      onClose={() => !busy && onCancel()}
      footer={
        <>
          <Button onClick={onCancel} disabled={busy}>
            {t('policies.form.cancel')}
          </Button>
          <Button variant="primary" type="submit" form={formId} busy={busy}>
            {t('policies.form.save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
        <Stack $gap="md">
          {formError && <InlineNotice tone="danger">{formError}</InlineNotice>}
          <TextField label={t('policies.form.name')} value={d.name} onChange={(v) => set('name', v)} error={err('name')} required />
          <Select label={t('policies.form.band')} value={d.band} onChange={(v) => set('band', v)} options={BANDS.map((b) => ({ value: b, label: t(`policies.form.bands.${b}`) }))} />
          <TextField label={d.band === 'dual' ? t('policies.form.ssid24') : t('policies.form.ssid')} value={d.ssid} onChange={(v) => set('ssid', v)} error={err('ssid')} required />
          {d.band === 'dual' && <TextField label={t('policies.form.ssid5')} value={d.ssid5} onChange={(v) => set('ssid5', v)} error={err('ssid5')} required />}
          <Select
            label={t('policies.form.securityMode')}
            value={d.securityMode}
            onChange={(v) => setD((x) => ({ ...x, securityMode: v, cipher: ciphersFor(Number(v))[0] ?? x.cipher }))}
            options={Object.entries(SECURITY_MODE_LABELS).map(([value, label]) => ({ value, label }))}
            error={err('securityMode')}
          />
          {ciphers.length > 0 && (
            <Select label={t('policies.form.cipher')} value={d.cipher} onChange={(v) => set('cipher', v)} options={ciphers.map((c) => ({ value: c, label: CIPHER_LABELS[c] }))} error={err('cipher')} />
          )}
          {needsWifiPassword(mode) && (
            <TextField
              label={t('policies.form.password')}
              value={d.password}
              onChange={(v) => set('password', v)}
              error={err('password')}
              hint={d.password ? `${t(`policies.form.strength.${passwordStrength(d.password)}`)} — ${t('policies.form.passwordHint')}` : t('policies.form.passwordHint')}
              autoComplete="new-password"
              required
            />
          )}
          {isEnterpriseMode(mode) && (
            <>
              <TextField label={t('policies.form.radiusIp')} value={d.radiusIp} onChange={(v) => set('radiusIp', v)} error={err('radius.ip') ?? err('radius')} required />
              <TextField label={t('policies.form.radiusPort')} value={d.radiusPort} onChange={(v) => set('radiusPort', v)} error={err('radius.port')} inputMode="numeric" required />
              <TextField label={t('policies.form.radiusSecret')} value={d.radiusSecret} onChange={(v) => set('radiusSecret', v)} error={err('radius.secret')} autoComplete="new-password" required />
            </>
          )}
          <TextField label={t('policies.form.keyUpdateCycle')} value={d.keyUpdateCycle} onChange={(v) => set('keyUpdateCycle', v)} error={err('keyUpdateCycle')} inputMode="numeric" />
          <TextField label={t('policies.form.vlanId')} value={d.vlanId} onChange={(v) => set('vlanId', v)} error={err('vlanId')} inputMode="numeric" />
          <TextField label={t('policies.form.maxClients')} value={d.maxClients} onChange={(v) => set('maxClients', v)} error={err('maxClients')} inputMode="numeric" />
          <label>
            <input type="checkbox" checked={d.hidden} onChange={(e) => set('hidden', e.currentTarget.checked)} /> {t('policies.form.hidden')}
          </label>
          <label>
            <input type="checkbox" checked={d.guest} onChange={(e) => set('guest', e.currentTarget.checked)} /> {t('policies.form.guest')}
          </label>
          {err('guest') && <InlineNotice tone="danger">{err('guest')}</InlineNotice>}
          <Select label={t('policies.form.rateLimit')} value={d.rate} onChange={(v) => set('rate', v)} options={(['none', '20', '50'] as const).map((r) => ({ value: r, label: t(`policies.form.rateLimits.${r}`) }))} error={err('rateLimit') ?? err('rateLimit.downloadMbps')} />
          <fieldset>
            <legend>{t('policies.form.schedule')}</legend>
            <p>{t('policies.form.scheduleHint')}</p>
            {d.schedule.map((p, i) => (
              <Row key={i}>
                <TextField label={t('policies.form.start')} value={p.start} onChange={(v) => set('schedule', d.schedule.map((x, k) => (k === i ? { ...x, start: v } : x)))} error={err(`schedule.${i}.start`) ?? err(`schedule.${i}`)} />
                <TextField label={t('policies.form.end')} value={p.end} onChange={(v) => set('schedule', d.schedule.map((x, k) => (k === i ? { ...x, end: v } : x)))} error={err(`schedule.${i}.end`)} />
                <Button size="sm" variant="secondary" onClick={() => set('schedule', d.schedule.filter((_, k) => k !== i))} aria-label={t('policies.form.removePeriod', { n: i + 1 })}>
                  ×
                </Button>
              </Row>
            ))}
            {err('schedule') && <InlineNotice tone="danger">{err('schedule')}</InlineNotice>}
            {d.schedule.length < LIMITS_SHUTDOWN_PERIODS && (
              <Button size="sm" onClick={() => set('schedule', [...d.schedule, { start: '01:00', end: '06:00' }])}>
                {t('policies.form.addPeriod')}
              </Button>
            )}
          </fieldset>
          <Select
            label={t('policies.form.applyTo')}
            value={d.applyTo}
            onChange={(v) => set('applyTo', v)}
            options={[
              { value: 'all', label: t('policies.form.applyAll') },
              { value: 'specified', label: t('policies.form.applySpecified') },
            ]}
          />
          {d.applyTo === 'specified' && (
            <fieldset>
              <legend>{t('policies.form.devices')}</legend>
              {devices.map((dev) => (
                <label key={dev.sn} style={{ display: 'block' }}>
                  <input
                    type="checkbox"
                    checked={d.sns.includes(dev.sn)}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      set('sns', on ? [...d.sns, dev.sn] : d.sns.filter((s) => s !== dev.sn));
                    }}
                  />{' '}
                  {dev.name} ({dev.sn})
                </label>
              ))}
              {err('sns') && <InlineNotice tone="danger">{err('sns')}</InlineNotice>}
            </fieldset>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
