// Create / edit a project in a dialog. The rules are contracts' schemas, so the form
// refuses what the server would refuse, with the same texts (STYLE §4).
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  DEFAULT_ZONE,
  localZone,
  NetMode,
  ProjectCreateRequestSchema,
  SCENARIOS,
  type NetModeValue,
  type Scenario,
} from '@airloom/contracts';
import { Button, InlineNotice, Modal, Select, Stack, TextField, useMfe, useSchemaForm, type SelectOption } from '@airloom/shared-ui';
import { createOverviewApi, type ProjectItem } from '../../api';
import { zoneOptions } from './zones';

/** Every field is filled in the form, so the create schema's defaults never apply here. */
const ProjectFormSchema = ProjectCreateRequestSchema.omit({ subtitle: true });
type ProjectFormInput = z.input<typeof ProjectFormSchema>;

export interface ProjectFormProps {
  open: boolean;
  /** The project to edit; create when absent. */
  project?: ProjectItem | null;
  onClose(): void;
  onSaved(project: ProjectItem, mode: 'create' | 'edit'): void;
}

function initialValues(project: ProjectItem | null | undefined): ProjectFormInput {
  if (!project) {
    // scenario starts unchosen: the user must pick one (rules.scenario.required); the zone starts as
    // the browser's own named zone (the spec's +8 where the browser has none)
    return { projectName: '', netMode: NetMode.WLAN, scenario: '' as Scenario, location: '', address: '', zone: localZone() };
  }
  return {
    projectName: project.projectName,
    netMode: project.netMode,
    scenario: project.scenario,
    location: project.location,
    address: project.address,
    zone: project.zone,
  };
}

export function ProjectForm({ open, project, onClose, onSaved }: ProjectFormProps) {
  const { t } = useTranslation('overview');
  const mfe = useMfe();
  const formId = `pf${useId().replace(/:/g, '')}`;
  const mode = project ? 'edit' : 'create';
  const form = useSchemaForm(ProjectFormSchema, initialValues(project));
  // about 400 named zones with their offsets: built once per dialog, not at each keystroke
  const zones = useMemo(() => zoneOptions(project?.zone), [project?.zone]);
  const { reset } = form;

  // A dialog that opens again starts from the project as it is now.
  useEffect(() => {
    if (open) reset(initialValues(project));
  }, [open, project, reset]);

  const netModeOptions: SelectOption[] = [
    { value: String(NetMode.WLAN), label: t('enums.netMode.0') },
    { value: String(NetMode.MESH), label: t('enums.netMode.1') },
  ];
  const scenarioOptions: SelectOption[] = SCENARIOS.map((s) => ({ value: s, label: t(`enums.scenario.${s}`) }));

  const submit = form.handleSubmit(async (data) => {
    const api = createOverviewApi(mfe.api);
    mfe.setLoading('saving');
    try {
      const saved = project
        ? // spec §3: the type is fixed once the project exists (docs/decisions.md), so it is not sent
          await api.updateProject(project.id, {
            projectName: data.projectName,
            scenario: data.scenario,
            location: data.location,
            address: data.address,
            zone: data.zone,
          })
        : await api.createProject({ ...data });
      onSaved(saved, mode);
    } catch (err) {
      if (!form.applyServerError(err)) form.setFormError(t('errors.generic.operationFailed'));
    } finally {
      mfe.setLoading('end');
    }
  });

  const netMode = form.field('netMode');
  const scenario = form.field('scenario');

  return (
    <Modal
      open={open}
      title={t(mode === 'create' ? 'form.createTitle' : 'form.editTitle')}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
          <Button variant="primary" type="submit" form={formId} busy={form.submitting}>
            {t(mode === 'create' ? 'common.actions.create' : 'common.actions.save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Stack $gap="lg">
          {form.formError && <InlineNotice tone="danger">{form.formError}</InlineNotice>}
          <TextField label={t('form.name')} hint={t('form.nameHint')} required autoComplete="off" {...form.field('projectName')} />
          <Select
            label={t('form.type')}
            options={netModeOptions}
            value={String(netMode.value)}
            onChange={(v) => netMode.onChange(Number(v) as NetModeValue)}
            onBlur={netMode.onBlur}
            error={netMode.error}
            disabled={mode === 'edit'}
            hint={mode === 'edit' ? t('form.typeFixed') : undefined}
          />
          <Select
            label={t('form.scenario')}
            options={scenarioOptions}
            placeholder={t('form.chooseScenario')}
            required
            value={scenario.value as string}
            onChange={(v) => scenario.onChange(v as Scenario)}
            onBlur={scenario.onBlur}
            error={scenario.error}
          />
          <TextField label={t('form.location')} {...form.field('location')} value={form.values.location ?? ''} />
          <TextField label={t('form.address')} {...form.field('address')} value={form.values.address ?? ''} />
          <Select label={t('form.zone')} options={zones} {...form.field('zone')} value={form.values.zone ?? DEFAULT_ZONE} />
        </Stack>
      </form>
    </Modal>
  );
}
