// The roaming tuner (the `roaming` configuration section): per band the minimum RSSI and the
// 802.11k/v/r switches, and band steering, each with a line on its effect. One form for the project,
// written to every online access point (each AP's own section, applied by the configuration engine).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDeviceOnline, type DeviceItem } from '@airloom/contracts';
import { deviceModel, roamingSection, roamingSectionFor, type RoamingSection } from '@airloom/contracts/config';
import { Button, Card, EmptyState, InlineNotice, Row, Spinner, Stack, TextField, firstFailure, translateFailure, useLoad, useNotice } from '@airloom/shared-ui';
import type { RfApi } from './api';

type Switch = 'k' | 'v' | 'r';

export function RoamingTuner({ api, aps, mayChange }: { api: RfApi; aps: DeviceItem[]; mayChange: boolean }) {
  const { t } = useTranslation('wireless');
  const { notify } = useNotice();
  const online = aps.filter((d) => isDeviceOnline(d.status));
  const first = aps[0];
  // the project's settings as the first AP holds them (the tuner writes the same to every AP)
  const loaded = useLoad(async (signal) => (first ? ((await api.section(first.sn, 'roaming', signal)).body as RoamingSection) : null));
  const [form, setForm] = useState<{ bands: (RoamingSection['bands'][number] & { min: string })[]; bandSteering: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (loaded.data) setForm({ bands: loaded.data.bands.map((b) => ({ ...b, min: String(b.minRssiDbm) })), bandSteering: loaded.data.bandSteering });
  }, [loaded.data]);

  if (!first) return <Card title={t('rf.roaming.title')}><EmptyState title={t('rf.radios.empty')} /></Card>;
  if (!form) return <Card title={t('rf.roaming.title')}>{loaded.error ? <InlineNotice tone="danger">{loaded.error.message}</InlineNotice> : <Spinner />}</Card>;

  const body: RoamingSection = { bands: form.bands.map(({ min, ...b }) => ({ ...b, minRssiDbm: Number(min) })), bandSteering: form.bandSteering };
  const problem = translateFailure(t, firstFailure(roamingSection, body));
  const setBand = (i: number, patch: Partial<(typeof form.bands)[number]>) => setForm({ ...form, bands: form.bands.map((b, j) => (j === i ? { ...b, ...patch } : b)) });

  async function apply() {
    setBusy(true);
    const failed: string[] = [];
    let saved = 0;
    for (const d of online) {
      const model = deviceModel(d.model);
      // each AP gets the bands it has; band steering only where both bands are
      const own: RoamingSection = model
        ? { bands: body.bands.filter((b) => model.bands.includes(b.band)), bandSteering: body.bandSteering && model.bands.length > 1 }
        : body;
      if (model && !roamingSectionFor(model).safeParse(own).success) {
        failed.push(d.name || d.sn);
        continue;
      }
      try {
        await api.saveSection(d.sn, 'roaming', own);
        saved++;
      } catch {
        failed.push(d.name || d.sn);
      }
    }
    setBusy(false);
    notify(failed.length ? { tone: 'warning', message: t('rf.roaming.partly', { count: saved, failed: failed.join(', ') }) } : { tone: 'info', message: t('rf.roaming.applied', { count: saved }) });
  }

  const check = (label: string, help: string, checked: boolean, onChange: (v: boolean) => void) => (
    <label style={{ display: 'block' }}>
      <input type="checkbox" checked={checked} disabled={!mayChange} onChange={(e) => onChange(e.currentTarget.checked)} /> {label}
      <br />
      <small>{help}</small>
    </label>
  );

  return (
    <Card title={t('rf.roaming.title')} data-testid="roaming-tuner">
      <Stack $gap="md">
        <span>{t('rf.roaming.intro')}</span>
        {form.bands.map((b, i) => (
          <fieldset key={b.band} style={{ border: 0, padding: 0, margin: 0 }}>
            <legend>{t('rf.roaming.band', { band: b.band })}</legend>
            <Stack $gap="sm">
              <TextField label={t('rf.roaming.minRssi')} hint={t('rf.roaming.minRssiHelp')} inputMode="numeric" value={b.min} disabled={!mayChange} onChange={(v) => setBand(i, { min: v })} />
              {(['k', 'v', 'r'] as Switch[]).map((s) => (
                <div key={s}>{check(t(`rf.roaming.${s}`), t(`rf.roaming.${s}Help`), b[s], (v) => setBand(i, { [s]: v }))}</div>
              ))}
            </Stack>
          </fieldset>
        ))}
        {check(t('rf.roaming.bandSteering'), t('rf.roaming.bandSteeringHelp'), form.bandSteering, (v) => setForm({ ...form, bandSteering: v }))}
        {problem && (
          <InlineNotice tone="warning">
            {problem}
          </InlineNotice>
        )}
        {mayChange && (
          <Row>
            {online.length === 0 ? (
              <InlineNotice tone="info">{t('rf.roaming.noDevices')}</InlineNotice>
            ) : (
              <Button variant="primary" onClick={() => void apply()} disabled={busy || problem !== null}>
                {t('rf.roaming.apply', { count: online.length })}
              </Button>
            )}
          </Row>
        )}
      </Stack>
    </Card>
  );
}
