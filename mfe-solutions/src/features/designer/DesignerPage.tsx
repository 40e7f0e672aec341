// /overview/solutions/new and /overview/solutions/:id: the designer wizard (spec §1 solution design):
// scenario → inputs → gateway needs → recommendation (accept or change models) → preview and edit
// within spec §5's limits → save; then PDF, sharing and a project made from it (SolutionActions).
// Standalone in a partner portal's frame (`?partner=`), a saved bill of materials is posted to it.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomScenario, RecommendResponse, Solution, SolutionDeviceKind, SolutionSaveRequest } from '@airloom/contracts';
import { ApiError, Button, Card, InlineNotice, Link, Page, PageHeader, Row, Spinner, Stack, useLoad, useMfe, useNotice, useParams } from '@airloom/shared-ui';
import { createSolutionsApi } from '../../api';
import { partnerOrigin, postBom } from '../../partner';
import { EMPTY_DRAFT, defaultsOf, draftOf, fieldsOf, linesOf, parseGateway, parseInputs, previewFailures, type Draft } from './draft';
import { GatewayStep, InputsStep } from './NeedsSteps';
import { PreviewStep } from './PreviewStep';
import { RecommendationStep } from './RecommendationStep';
import { ScenarioStep } from './ScenarioStep';
import { SolutionActions } from './SolutionActions';
import { StepList, STEPS, type Step } from './StepList';

/** A refusal as a person reads it: the rules of the fields the server named, else its sentence. */
function refusalOf(err: unknown, t: (key: string) => string): string {
  if (!(err instanceof ApiError)) return t('errors.generic.operationFailed');
  const rules = [...new Set(Object.values(err.fields))].map((key) => t(key));
  return rules.length ? `${err.message}: ${rules.join(' ')}` : err.message;
}

export function DesignerPage() {
  const { id } = useParams();
  const savedId = id === undefined ? null : Number(id);
  return savedId === null || !Number.isInteger(savedId) ? <Designer initial={null} /> : <SavedDesigner id={savedId} />;
}

function SavedDesigner({ id }: { id: number }) {
  const { t } = useTranslation('solutions');
  const mfe = useMfe();
  const api = useMemo(() => createSolutionsApi(mfe.api), [mfe.api]);
  const loaded = useLoad((signal) => api.get(id, signal));
  if (loaded.error) {
    return (
      <Page>
        <PageHeader title={t('designer.title')} />
        <InlineNotice tone="danger">{t('designer.loadFailed', { message: loaded.error.message })}</InlineNotice>
        <Link to="/overview/solutions">{t('designer.back')}</Link>
      </Page>
    );
  }
  return loaded.data ? <Designer key={loaded.data.id} initial={loaded.data} /> : <Spinner />;
}

function Designer({ initial }: { initial: Solution | null }) {
  const { t } = useTranslation('solutions');
  const mfe = useMfe();
  const { notify } = useNotice();
  const api = useMemo(() => createSolutionsApi(mfe.api), [mfe.api]);
  const [draft, setDraft] = useState<Draft>(() => (initial ? draftOf(initial) : EMPTY_DRAFT));
  const [step, setStep] = useState<Step>(initial ? 'preview' : 'scenario');
  const [recommendation, setRecommendation] = useState<RecommendResponse | null>(null);
  const [saved, setSaved] = useState<Solution | null>(initial);
  const [failures, setFailures] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [triedSave, setTriedSave] = useState(false);
  const [partnerNote, setPartnerNote] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const readOnly = (saved?.readOnly ?? false) || mfe.session.demo;

  const scenarios = useLoad((signal) => api.scenarios(signal));
  const customScenarios: readonly CustomScenario[] = scenarios.data?.items ?? [];
  const custom = customScenarios.find((c) => c.id === draft.customScenarioId);
  const partner = useMemo(() => partnerOrigin(window.location.search), []);
  const [partners, setPartners] = useState<readonly string[]>([]);
  useEffect(() => {
    if (!partner) return;
    const controller = new AbortController();
    api.partnerOrigins(controller.signal).then(setPartners, () => undefined);
    return () => controller.abort();
  }, [api, partner]);

  const preview = previewFailures(draft);
  const update = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  async function recommend(models = draft.models) {
    const inputs = parseInputs(draft);
    const gateway = parseGateway(draft);
    if (!inputs.ok) {
      setFailures(inputs.failures);
      setStep('inputs');
      return;
    }
    if (!gateway.ok) {
      setFailures(gateway.failures);
      setStep('gateway');
      return;
    }
    if (!draft.scenario) return setStep('scenario');
    setFailures({});
    setBusy(true);
    setError(null);
    try {
      const answer = await api.recommend({
        scenario: draft.scenario,
        ...(draft.customScenarioId !== null ? { customScenarioId: draft.customScenarioId } : {}),
        inputs: inputs.value,
        gateway: gateway.value,
        models,
        type: draft.type,
        policy: draft.policy,
      });
      setRecommendation(answer);
      update({ models });
      setStep('recommendation');
    } catch (err) {
      setError(refusalOf(err, t));
    } finally {
      setBusy(false);
    }
  }

  async function removeScenario(removed: CustomScenario) {
    try {
      await api.removeScenario(removed.id);
      notify({ tone: 'success', message: t('designer.scenario.removed', { name: removed.name }) });
      const rest = customScenarios.filter((c) => c.id !== removed.id);
      update({ customScenarioId: rest[0]?.id ?? null, inputs: {}, models: {} });
      scenarios.reload();
    } catch (err) {
      setError(refusalOf(err, t));
    }
  }

  function acceptRecommendation() {
    if (!recommendation) return;
    update({ lines: linesOf(recommendation.lines), advice: recommendation.advice, advantages: recommendation.advantages });
    setStep('preview');
  }

  async function save() {
    setTriedSave(true);
    const inputs = parseInputs(draft);
    const gateway = parseGateway(draft);
    if (!draft.scenario || !inputs.ok || !gateway.ok || preview.name || preview.list.length || Object.keys(preview.lines).length) return;
    const body: SolutionSaveRequest = {
      name: draft.name,
      scenario: draft.scenario,
      customScenarioId: draft.customScenarioId,
      inputs: inputs.value,
      gateway: gateway.value,
      lines: draft.lines,
      advice: draft.advice,
      advantages: draft.advantages,
      type: draft.type,
      policy: draft.policy,
    };
    setBusy(true);
    setError(null);
    mfe.setLoading('saving');
    try {
      const solution = saved ? await api.update(saved.id, body) : await api.create(body);
      setSaved(solution);
      setDraft(draftOf(solution));
      notify({ tone: 'success', message: t('designer.preview.saved', { name: solution.name }) });
      if (partner) {
        const sent = postBom(window.parent === window ? null : window.parent, partner, partners, solution);
        setPartnerNote(sent ? { tone: 'success', text: t('designer.partner.sent', { origin: partner }) } : { tone: 'danger', text: t('designer.partner.refused', { origin: partner }) });
      }
    } catch (err) {
      setError(refusalOf(err, t));
    } finally {
      setBusy(false);
      mfe.setLoading('end');
    }
  }

  const reachable: Record<Step, boolean> = {
    scenario: !readOnly,
    inputs: !readOnly && draft.scenario !== null && (draft.scenario !== 'custom' || draft.customScenarioId !== null),
    gateway: !readOnly && draft.scenario !== null && (draft.scenario !== 'custom' || draft.customScenarioId !== null),
    recommendation: !readOnly && recommendation !== null,
    preview: draft.lines.length > 0,
  };
  const next = STEPS[STEPS.indexOf(step) + 1];
  const previous = STEPS[STEPS.indexOf(step) - 1];

  return (
    <Page>
      <PageHeader
        title={saved ? t('designer.editTitle', { name: saved.name }) : t('designer.title')}
        description={t('designer.description')}
        actions={!partner && <Link to="/overview/solutions">{t('designer.back')}</Link>}
      />
      <StepList current={step} reachable={reachable} onSelect={setStep} />
      {saved?.readOnly && <InlineNotice tone="info">{t('designer.preview.readOnly')}</InlineNotice>}
      {error && <InlineNotice tone="danger">{error}</InlineNotice>}
      {partnerNote && <InlineNotice tone={partnerNote.tone}>{partnerNote.text}</InlineNotice>}
      <Card title={t(`designer.steps.${step}`)}>
        <Stack $gap="lg">
          {step === 'scenario' && (
            <ScenarioStep
              scenario={draft.scenario}
              customScenarioId={draft.customScenarioId}
              customScenarios={customScenarios}
              disabled={readOnly}
              onChange={(scenario, customScenarioId) => update({ scenario, customScenarioId, inputs: {}, models: {} })}
              onCreated={(created) => {
                notify({ tone: 'success', message: t('designer.scenario.created', { name: created.name }) });
                update({ scenario: 'custom', customScenarioId: created.id, inputs: {}, models: {} });
                scenarios.reload();
              }}
              onRemove={(removed) => void removeScenario(removed)}
            />
          )}
          {step === 'inputs' && (
            <InputsStep
              fields={fieldsOf(draft.scenario, custom?.defaults)}
              values={draft.inputs}
              defaults={defaultsOf(draft.scenario, custom?.defaults)}
              failures={failures}
              disabled={readOnly}
              onChange={(f, v) => update({ inputs: { ...draft.inputs, [f]: v } })}
            />
          )}
          {step === 'gateway' && <GatewayStep gateway={draft.gateway} failures={failures} disabled={readOnly} onChange={(gateway) => update({ gateway })} />}
          {step === 'recommendation' && recommendation && (
            <RecommendationStep
              recommendation={recommendation}
              type={draft.type}
              busy={busy}
              onChangeModel={(kind: SolutionDeviceKind, model: string) => void recommend({ ...draft.models, [kind]: model })}
            />
          )}
          {step === 'preview' && (
            <PreviewStep
              draft={draft}
              failures={preview}
              showNameError={triedSave}
              readOnly={readOnly}
              onLine={(i, line) => update({ lines: draft.lines.map((l, j) => (j === i ? line : l)) })}
              onChange={update}
            />
          )}
          <Row $gap="sm" $justify="between">
            {previous && reachable[previous] ? (
              <Button onClick={() => setStep(previous)} disabled={busy}>
                {t('designer.previous')}
              </Button>
            ) : (
              <span />
            )}
            {step === 'gateway' && (
              <Button variant="primary" onClick={() => void recommend()} disabled={busy}>
                {busy ? t('designer.recommending') : t('designer.recommend')}
              </Button>
            )}
            {step === 'recommendation' && (
              <Button variant="primary" onClick={acceptRecommendation} disabled={busy}>
                {t('designer.next')}
              </Button>
            )}
            {(step === 'scenario' || step === 'inputs') && next && (
              <Button variant="primary" onClick={() => setStep(next)} disabled={!reachable[next]}>
                {t('designer.next')}
              </Button>
            )}
            {step === 'preview' && !readOnly && (
              <Button variant="primary" onClick={() => void save()} disabled={busy}>
                {saved ? t('designer.preview.saveChanges') : t('designer.preview.save')}
              </Button>
            )}
          </Row>
        </Stack>
      </Card>
      {saved && <SolutionActions solution={saved} />}
    </Page>
  );
}
