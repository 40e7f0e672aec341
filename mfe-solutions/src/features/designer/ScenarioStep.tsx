// Step 1: which site it is (spec §3 scenarios), or one of the account's custom scenarios (§9).
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { SOLUTION_SCENARIOS, type CustomScenario, type SolutionScenario } from '@airloom/contracts';
import { Button, Row, Select } from '@airloom/shared-ui';
import { CustomScenarioForm } from './CustomScenarioForm';

const Choices = styled.fieldset`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  border: 0;
  padding: 0;
  margin: 0;
  legend {
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space.sm};
  }
  label {
    display: flex;
    gap: ${({ theme }) => theme.space.xs};
    align-items: center;
    padding: ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 6px;
    cursor: pointer;
  }
`;

export interface ScenarioStepProps {
  scenario: SolutionScenario | null;
  customScenarioId: number | null;
  customScenarios: readonly CustomScenario[];
  disabled: boolean;
  onChange(scenario: SolutionScenario, customScenarioId: number | null): void;
  onCreated(scenario: CustomScenario): void;
  onRemove(scenario: CustomScenario): void;
}

export function ScenarioStep({ scenario, customScenarioId, customScenarios, disabled, onChange, onCreated, onRemove }: ScenarioStepProps) {
  const chosen = customScenarios.find((c) => c.id === customScenarioId);
  const { t } = useTranslation('solutions');
  return (
    <>
      <Choices disabled={disabled}>
        <legend>{t('designer.scenario.legend')}</legend>
        {SOLUTION_SCENARIOS.map((s) => (
          <label key={s}>
            <input
              type="radio"
              name="scenario"
              value={s}
              checked={scenario === s}
              onChange={() => onChange(s, s === 'custom' ? (customScenarios[0]?.id ?? null) : null)}
            />
            {t(`enums.solutionScenario.${s}`)}
          </label>
        ))}
      </Choices>
      {scenario === 'custom' &&
        (customScenarios.length === 0 ? (
          <p>{t('designer.scenario.customNone')}</p>
        ) : (
          <Row $gap="sm">
            <Select
              label={t('designer.scenario.custom')}
              value={String(customScenarioId ?? '')}
              disabled={disabled}
              options={customScenarios.map((c) => ({ value: String(c.id), label: c.name }))}
              onChange={(v) => onChange('custom', Number(v))}
            />
            {chosen && !disabled && (
              <Button size="sm" variant="ghost" onClick={() => onRemove(chosen)}>
                {t('designer.scenario.remove', { name: chosen.name })}
              </Button>
            )}
          </Row>
        ))}
      {scenario === 'custom' && !disabled && <CustomScenarioForm onCreated={onCreated} />}
    </>
  );
}
