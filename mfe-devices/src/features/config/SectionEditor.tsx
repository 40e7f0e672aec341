// One configuration section on its page (ARCHITECTURE §7): the stored version and where it stands,
// the form (checked by the section's own schema, the server's), Save only when something changed
// and every rule passes, the server's refusals under their fields, the history with revert, and
// read-only with the reason when the user may not change it (useCan: read-only share, demo,
// offline device, local management). A change of this section made elsewhere reloads it.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfigSection, DeviceItem } from '@airloom/contracts';
import { needsSafeApply, sectionSchemaFor, type SectionFacts } from '@airloom/contracts/config';
import { ApiError, Button, Card, InlineNotice, Row, Spinner, Stack, refusalText, translateFailure, useCan, useMfe, useNotice } from '@airloom/shared-ui';
import type { DevicesApi, SectionRef } from '../../api';
import { BoundFormContext } from './fields';
import { HistoryDrawer } from './HistoryDrawer';
import { SectionState } from './SectionState';
import { useSectionForm, type Body, type BodySchema, type Issue, type SectionForm } from './section-form';
import type { ChangeSignal } from './useProjectConfig';

export interface SectionEditorProps {
  api: DevicesApi;
  target: SectionRef;
  /** the device the section applies to (the project's gateway, or the device configured) */
  device: DeviceItem;
  facts: SectionFacts;
  changes: ChangeSignal;
  title: string;
  /** checks across sections the page can make before sending (the server makes them again) */
  extraIssues?: (values: Body) => readonly Issue[];
  /** the form's fields, bound to the section's body */
  children: ReactNode | ((form: SectionForm) => ReactNode);
}

function concerns(target: SectionRef, change: ChangeSignal['change']): boolean {
  if (!change) return true;
  return change.section === target.section && (target.kind === 'gateway' || change.sn === target.sn);
}

export function SectionEditor(props: SectionEditorProps) {
  const { t } = useTranslation('devices');
  const { api, target, changes } = props;
  const [section, setSection] = useState<ConfigSection | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const controller = useRef<AbortController | null>(null);
  const targetRef = useRef(target);
  targetRef.current = target;
  // the same section as long as these are the same (the page may hand a new object each render)
  const targetKey = target.kind === 'device' ? `${target.sn}/${target.section}` : target.section;

  const load = useCallback(async () => {
    controller.current?.abort();
    const ctl = new AbortController();
    controller.current = ctl;
    try {
      const answer = await api.section(targetRef.current, ctl.signal);
      if (!ctl.signal.aborted) {
        setSection(answer);
        setError(null);
      }
    } catch (err) {
      if (!ctl.signal.aborted) setError(err as Error);
    }
  }, [api, targetKey]);

  useEffect(() => {
    void load();
    return () => controller.current?.abort();
  }, [load]);

  const heard = useRef(changes.seq);
  useEffect(() => {
    if (changes.seq === heard.current) return;
    heard.current = changes.seq;
    if (concerns(target, changes.change)) void load();
  }, [changes, target, load]);

  if (error && !section) return <InlineNotice tone="danger">{t('section.loadFailed', { message: error.message })}</InlineNotice>;
  if (!section) return <Spinner />;
  return <SectionFormView {...props} section={section} reload={() => void load()} />;
}

function SectionFormView({ api, target, device, facts, changes, title, extraIssues, children, section, reload }: SectionEditorProps & { section: ConfigSection; reload(): void }) {
  const { t } = useTranslation('devices');
  const mfe = useMfe();
  const { notify } = useNotice();
  const schema = useMemo(() => sectionSchemaFor(target.section, facts) as unknown as BodySchema, [target.section, facts]);
  const form = useSectionForm(section.body, schema, extraIssues);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const historyButton = useRef<HTMLButtonElement>(null);
  const [changedMeanwhile, setChangedMeanwhile] = useState(false);
  const decision = useCan(target.kind === 'gateway' ? 'network.configure' : 'device.configure', device);
  const editable = decision.ok;

  // A newer stored version: the form follows it, unless the user is editing (then they are told).
  const shownVersion = useRef(section.version);
  const { dirty, reset } = form;
  useEffect(() => {
    if (section.version === shownVersion.current) return;
    shownVersion.current = section.version;
    if (dirty) setChangedMeanwhile(true);
    else reset(section.body);
  }, [section, dirty, reset]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!form.dirty || form.invalidCount > 0 || !editable) return;
    const body = form.values;
    setSaving(true);
    setFormError(null);
    mfe.setLoading('saving');
    try {
      const result = await api.save(target, body);
      shownVersion.current = result.version;
      form.reset(body);
      setChangedMeanwhile(false);
      notify({ tone: 'success', message: t(result.status === 'waiting' ? 'section.savedWaiting' : 'section.saved', { section: title }) });
      reload();
    } catch (err) {
      const message = err instanceof ApiError ? err.message : t('errors.generic.operationFailed');
      form.applyServerError(err);
      // what the server found in another section or the body as a whole has no field here
      const elsewhere = err instanceof ApiError ? Object.entries(err.fields).filter(([path]) => path.startsWith('_')).map(([, key]) => translateFailure(t, { key, params: {} })) : [];
      setFormError([t('section.saveFailed', { message }), ...elsewhere].join(' '));
    } finally {
      mfe.setLoading('end');
      setSaving(false);
    }
  }

  const invalid = form.invalidCount > 0;
  return (
    <Card title={title} data-section={target.section}>
      <Stack $gap="lg">
        <Row $justify="between">
          <SectionState section={section} />
          <Button ref={historyButton} variant="secondary" size="sm" onClick={() => setHistoryOpen(true)} aria-expanded={historyOpen}>
            {t('history.open')}
          </Button>
        </Row>
        {!editable && <InlineNotice tone="info">{t('section.readOnly', { reason: refusalText(decision.code) })}</InlineNotice>}
        {changedMeanwhile && <InlineNotice tone="warning">{t('section.changedMeanwhile', { version: section.version })}</InlineNotice>}
        {formError && <InlineNotice tone="danger">{formError}</InlineNotice>}
        <form onSubmit={(e) => void save(e)} noValidate aria-label={title}>
          <BoundFormContext.Provider value={{ form, editable }}>
            <Stack $gap="lg">
              {typeof children === 'function' ? children(form) : children}
              {editable && form.dirty && needsSafeApply(target.section, form.baseline, form.values) && (
                <InlineNotice tone="info">{t('section.safeApply')}</InlineNotice>
              )}
              {editable && (
                <Row $gap="sm">
                  <Button
                    variant="primary"
                    type="submit"
                    busy={saving}
                    disabled={!form.dirty || invalid}
                    disabledReason={form.dirty && invalid ? [t('section.fixFirst', { count: form.invalidCount }), ...form.problems.slice(0, 3)].join(' ') : undefined}
                  >
                    {t('section.save')}
                  </Button>
                  <Button
                    disabled={!form.dirty || saving}
                    onClick={() => {
                      form.reset(section.body);
                      setChangedMeanwhile(false);
                      setFormError(null);
                    }}
                  >
                    {t('section.discard')}
                  </Button>
                </Row>
              )}
            </Stack>
          </BoundFormContext.Provider>
        </form>
      </Stack>
      {historyOpen && (
        <HistoryDrawer
          api={api}
          target={target}
          title={title}
          currentVersion={section.version}
          mayRevert={editable}
          changes={changes}
          onClose={() => {
            setHistoryOpen(false);
            // back where the user opened it from
            requestAnimationFrame(() => historyButton.current?.focus());
          }}
          onReverted={reload}
        />
      )}
    </Card>
  );
}
