// A custom scenario of the account (spec §3, §9: at most 20, code 186): its name, what its walls are
// like, how busy it is, and its typical area, floors and install height. Checked with contracts'
// customScenario rule before it is sent; the server's refusal is shown in its sentence.
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomScenarioRequestSchema, type CustomScenario } from '@airloom/contracts';
import { ApiError, Button, Grid, InlineNotice, Stack, TextField, useMfe } from '@airloom/shared-ui';
import { createSolutionsApi } from '../../api';
import { failuresOf } from './draft';

const FIELDS = ['name', 'wallLossDb', 'wallSpacingM', 'concurrency', 'areaM2', 'floors', 'installHeightM'] as const;
type Field = (typeof FIELDS)[number];
const START: Record<Field, string> = { name: '', wallLossDb: '10', wallSpacingM: '8', concurrency: '0.7', areaM2: '', floors: '1', installHeightM: '3' };
const DEFAULTS: readonly Field[] = ['areaM2', 'floors', 'installHeightM'];

export function CustomScenarioForm({ onCreated }: { onCreated(scenario: CustomScenario): void }) {
  const { t } = useTranslation('solutions');
  const mfe = useMfe();
  const api = useMemo(() => createSolutionsApi(mfe.api), [mfe.api]);
  const [values, setValues] = useState(START);
  const [failures, setFailures] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const num = (v: string) => (v.trim() === '' ? undefined : Number(v));
    const defaults = Object.fromEntries(DEFAULTS.filter((f) => values[f].trim() !== '').map((f) => [f, num(values[f])]));
    const parsed = CustomScenarioRequestSchema.safeParse({
      name: values.name,
      wallLossDb: num(values.wallLossDb),
      wallSpacingM: num(values.wallSpacingM),
      concurrency: num(values.concurrency),
      defaults,
    });
    if (!parsed.success) return setFailures(failuresOf(parsed.error.issues));
    setFailures({});
    setBusy(true);
    setError(null);
    try {
      const created = await api.createScenario(parsed.data);
      setValues(START);
      onCreated(created);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('errors.generic.operationFailed'));
    } finally {
      setBusy(false);
    }
  }

  const failureOf = (f: Field) => failures[f] ?? failures[`defaults.${f}`];
  return (
    <form aria-label={t('designer.scenario.add')} noValidate onSubmit={(e) => void submit(e)}>
      <Stack $gap="sm">
        <h3>{t('designer.scenario.add')}</h3>
        {error && <InlineNotice tone="danger">{error}</InlineNotice>}
        <Grid $min="200px">
          {FIELDS.map((f) => (
            <TextField
              key={f}
              label={t(`designer.scenario.${f}`)}
              inputMode={f === 'name' ? undefined : 'decimal'}
              value={values[f]}
              required={f === 'name'}
              error={failureOf(f) ? t(failureOf(f)!) : null}
              onChange={(v) => setValues((s) => ({ ...s, [f]: v }))}
            />
          ))}
        </Grid>
        <div>
          <Button type="submit" disabled={busy}>
            {t('designer.scenario.create')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
