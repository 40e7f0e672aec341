// Step 5: the bill of materials to keep: quantities and remarks within spec §5's limits (checked with
// contracts' rules as the person types, and again by the server), name, type and preferred policy.
import { useTranslation } from 'react-i18next';
import { SOLUTION_POLICIES, SOLUTION_TYPES, type SolutionLine, type SolutionPolicy, type SolutionType } from '@airloom/contracts';
import { Grid, InlineNotice, Select, TextField } from '@airloom/shared-ui';
import { BomTable, CellField, TextList } from './BomTable';
import type { Draft } from './draft';

export interface PreviewStepProps {
  draft: Draft;
  failures: { lines: Record<number, string>; list: string[]; name: string | null };
  /** show the name's rule only once the person tried to save */
  showNameError: boolean;
  readOnly: boolean;
  onLine(index: number, line: SolutionLine): void;
  onChange(patch: Partial<Pick<Draft, 'name' | 'type' | 'policy'>>): void;
}

export function PreviewStep({ draft, failures, showNameError, readOnly, onLine, onChange }: PreviewStepProps) {
  const { t } = useTranslation('solutions');
  return (
    <>
      <Grid $min="220px">
        <TextField label={t('designer.preview.name')} value={draft.name} disabled={readOnly} required error={showNameError && failures.name ? t(failures.name) : null} onChange={(name) => onChange({ name })} />
        <Select<SolutionType> label={t('designer.preview.type')} value={draft.type} disabled={readOnly} options={SOLUTION_TYPES.map((v) => ({ value: v, label: t(`enums.solutionType.${v}`) }))} onChange={(type) => onChange({ type })} />
        <Select<SolutionPolicy> label={t('designer.preview.policy')} value={draft.policy} disabled={readOnly} options={SOLUTION_POLICIES.map((v) => ({ value: v, label: t(`enums.solutionPolicy.${v}`) }))} onChange={(policy) => onChange({ policy })} />
      </Grid>
      {failures.list.map((key) => (
        <InlineNotice key={key} tone="danger">
          {t(key)}
        </InlineNotice>
      ))}
      <BomTable label={t('designer.preview.tableLabel')} headers={[t('designer.column.kind'), t('designer.column.model'), t('designer.column.quantity'), t('designer.column.remark'), t('designer.column.reason')]}>
        {draft.lines.map((l, i) => (
          <tr key={`${l.type}-${l.model}`}>
            <td>{t(`enums.solutionDeviceKind.${l.type}`)}</td>
            <td>{l.model}</td>
            <td>
              <CellField>
                <TextField
                  label={t('designer.preview.quantity', { model: l.model })}
                  inputMode="numeric"
                  value={Number.isNaN(l.quantity) ? '' : String(l.quantity)}
                  disabled={readOnly}
                  error={failures.lines[i] && !failures.lines[i].endsWith('.remark') ? t(failures.lines[i]) : null}
                  onChange={(v) => onLine(i, { ...l, quantity: v.trim() === '' ? Number.NaN : Number(v) })}
                />
              </CellField>
            </td>
            <td>
              <CellField>
                <TextField
                  label={t('designer.preview.remark', { model: l.model })}
                  value={l.remark}
                  disabled={readOnly}
                  error={failures.lines[i]?.endsWith('.remark') ? t(failures.lines[i]) : null}
                  onChange={(remark) => onLine(i, { ...l, remark })}
                />
              </CellField>
            </td>
            <td>{l.reason}</td>
          </tr>
        ))}
      </BomTable>
      <TextList title={t('designer.recommendation.advice')} items={draft.advice} />
      <TextList title={t('designer.recommendation.advantages')} items={draft.advantages} />
    </>
  );
}
