// Step 4: the recommendation, each line with its reason (spec §5 limits already kept by the engine);
// the person accepts it or picks another model for a line, which asks the engine again.
import { useTranslation } from 'react-i18next';
import type { RecommendResponse, SolutionDeviceKind, SolutionType } from '@airloom/contracts';
import { Select } from '@airloom/shared-ui';
import { BomTable, CellField, TextList } from './BomTable';
import { count } from './format';
import { modelChoices } from './models';

export interface RecommendationStepProps {
  recommendation: RecommendResponse;
  type: SolutionType;
  busy: boolean;
  onChangeModel(kind: SolutionDeviceKind, model: string): void;
}

export function RecommendationStep({ recommendation, type, busy, onChangeModel }: RecommendationStepProps) {
  const { t } = useTranslation('solutions');
  const { lines, summary, advice, advantages } = recommendation;
  return (
    <>
      <p>
        {t('designer.recommendation.summary', {
          clients: count(summary.clients),
          concurrent: count(summary.concurrentClients),
          area: count(summary.areaM2),
          floors: summary.floors,
          bound: summary.bound,
        })}
      </p>
      <BomTable label={t('designer.recommendation.tableLabel')} headers={[t('designer.column.kind'), t('designer.column.model'), t('designer.column.quantity'), t('designer.column.reason')]}>
        {lines.map((l) => (
          <tr key={l.type}>
            <td>{t(`enums.solutionDeviceKind.${l.type}`)}</td>
            <td>
              <CellField>
                <Select
                  label={t('designer.recommendation.change', { kind: t(`enums.solutionDeviceKind.${l.type}`) })}
                  value={l.model}
                  disabled={busy}
                  options={modelChoices(l.type, type, l.model).map((m) => ({ value: m, label: m }))}
                  onChange={(m) => onChangeModel(l.type, m)}
                />
              </CellField>
            </td>
            <td>{l.quantity}</td>
            <td>{l.reason}</td>
          </tr>
        ))}
      </BomTable>
      <TextList title={t('designer.recommendation.advice')} items={advice} />
      <TextList title={t('designer.recommendation.advantages')} items={advantages} />
    </>
  );
}
