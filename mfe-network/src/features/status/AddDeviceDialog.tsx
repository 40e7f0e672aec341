// Add a device to the project by its serial number (spec §5 SN rule, from contracts) or by the cloud
// code on its label, or with one click from the caller's devices "to be verified" (connected, bound
// to no project). Both ways meet the same refusals on the server (167, 87/88 mixing).
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { DeviceAddByCodeRequestSchema, DeviceAddRequestSchema, type DeviceItem, type UnverifiedDevice } from '@airloom/contracts';
import { ApiError, Button, EmptyState, InlineNotice, Modal, Row, Spinner, Stack, TextField, useMfe, useSchemaForm } from '@airloom/shared-ui';
import type { NetworkApi } from '../../api';

export interface AddDeviceDialogProps {
  open: boolean;
  api: NetworkApi;
  onClose(): void;
  /** `device` is the row the server answered with, if any. */
  onAdded(sn: string, name: string | undefined, device: DeviceItem | null): void;
}

const EMPTY = { sn: '', name: undefined };
const EMPTY_CODE = { code: '', name: undefined };

const ModeChoice = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.lg};
  legend { font-weight: 600; margin-bottom: ${({ theme }) => theme.space.xs}; }
  label { display: inline-flex; align-items: center; gap: ${({ theme }) => theme.space.xs}; min-height: 36px; }
`;

const UnverifiedList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.md};
    padding: ${({ theme }) => theme.space.sm} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  small { display: block; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export function AddDeviceDialog({ open, api, onClose, onAdded }: AddDeviceDialogProps) {
  const { t } = useTranslation('network');
  const mfe = useMfe();
  const formId = `ad${useId().replace(/:/g, '')}`;
  const form = useSchemaForm(DeviceAddRequestSchema, EMPTY);
  const codeForm = useSchemaForm(DeviceAddByCodeRequestSchema, EMPTY_CODE);
  const { reset } = form;
  const resetCode = codeForm.reset;
  const [mode, setMode] = useState<'sn' | 'code'>('sn');
  const [codeError, setCodeError] = useState<string | null>(null);
  // A refusal about this SN (unknown, already bound: spec §8 167) belongs under the SN field.
  const [snError, setSnError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState<UnverifiedDevice[] | null>(null);
  const [adding, setAdding] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    reset(EMPTY);
    resetCode(EMPTY_CODE);
    setMode('sn');
    setSnError(null);
    setCodeError(null);
    setUnverified(null);
    const controller = new AbortController();
    api.unverified(controller.signal).then(
      (items) => setUnverified(items),
      () => {
        if (!controller.signal.aborted) setUnverified([]);
      },
    );
    return () => controller.abort();
  }, [open, api, reset, resetCode]);

  async function add(sn: string, name: string | undefined): Promise<boolean> {
    mfe.setLoading('saving');
    try {
      const device = await api.addDevice(name ? { sn, name } : { sn });
      onAdded(sn, name, device);
      return true;
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) form.applyServerError(err);
      else setSnError(err instanceof ApiError ? err.message : t('errors.generic.operationFailed'));
      return false;
    } finally {
      mfe.setLoading('end');
    }
  }

  const submitSn = form.handleSubmit(async (data) => {
    setSnError(null);
    await add(data.sn, data.name);
  });

  const submitCode = codeForm.handleSubmit(async (data) => {
    setCodeError(null);
    mfe.setLoading('saving');
    try {
      const device = await api.addByCode(data.name ? { code: data.code, name: data.name } : { code: data.code });
      onAdded(device.sn, data.name, device);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) codeForm.applyServerError(err);
      else setCodeError(err instanceof ApiError ? err.message : t('errors.generic.operationFailed'));
    } finally {
      mfe.setLoading('end');
    }
  });

  async function addUnverified(sn: string) {
    setSnError(null);
    setAdding(sn);
    try {
      if (!(await add(sn, undefined))) form.setValue('sn', sn); // the refusal shows under the field, with its SN
    } finally {
      setAdding(null);
    }
  }

  const sn = form.field('sn');
  const name = form.field('name');
  const code = codeForm.field('code');
  const codeName = codeForm.field('name');

  return (
    <Modal
      open={open}
      title={t('add.title')}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
          <Button variant="primary" type="submit" form={formId} busy={mode === 'sn' ? form.submitting : codeForm.submitting}>
            {t('add.submit')}
          </Button>
        </>
      }
    >
      <Stack $gap="xl">
        <ModeChoice>
          <legend>{t('add.by')}</legend>
          <label>
            <input type="radio" name={`${formId}-mode`} checked={mode === 'sn'} onChange={() => setMode('sn')} />
            {t('add.bySn')}
          </label>
          <label>
            <input type="radio" name={`${formId}-mode`} checked={mode === 'code'} onChange={() => setMode('code')} />
            {t('add.byCode')}
          </label>
        </ModeChoice>
        {mode === 'code' ? (
          <form id={formId} onSubmit={submitCode} noValidate>
            <Stack $gap="lg">
              {codeForm.formError && <InlineNotice tone="danger">{codeForm.formError}</InlineNotice>}
              <TextField
                label={t('add.code')}
                hint={t('add.codeHint')}
                required
                autoComplete="off"
                {...code}
                onChange={(v) => {
                  setCodeError(null);
                  code.onChange(v);
                }}
                error={code.error ?? codeError}
              />
              <TextField
                label={t('add.name')}
                autoComplete="off"
                {...codeName}
                value={codeName.value ?? ''}
                onChange={(v) => codeName.onChange(v === '' ? undefined : v)}
              />
            </Stack>
          </form>
        ) : (
        <form id={formId} onSubmit={submitSn} noValidate>
          <Stack $gap="lg">
            {form.formError && <InlineNotice tone="danger">{form.formError}</InlineNotice>}
            <TextField
              label={t('add.sn')}
              hint={t('add.snHint')}
              required
              autoComplete="off"
              {...sn}
              onChange={(v) => {
                setSnError(null);
                sn.onChange(v);
              }}
              error={sn.error ?? snError}
            />
            <TextField
              label={t('add.name')}
              autoComplete="off"
              {...name}
              value={name.value ?? ''}
              // the name is optional: an empty field sends none
              onChange={(v) => name.onChange(v === '' ? undefined : v)}
            />
          </Stack>
        </form>
        )}
        <section aria-label={t('add.unverified')}>
          <Stack $gap="sm">
            <strong>{t('add.unverified')}</strong>
            <small>{t('add.unverifiedHint')}</small>
            {unverified === null ? (
              <Spinner />
            ) : unverified.length === 0 ? (
              <EmptyState title={t('add.noUnverified')} />
            ) : (
              <UnverifiedList>
                {unverified.map((d) => (
                  <li key={d.sn}>
                    <span>
                      {d.sn}
                      <small>
                        {t(`enums.deviceType.${d.type}`)} · {d.model} · {d.mac}
                      </small>
                    </span>
                    <Row $gap="xs">
                      <Button size="sm" aria-label={t('add.addOne', { sn: d.sn })} busy={adding === d.sn} onClick={() => void addUnverified(d.sn)}>
                        {t('add.submit')}
                      </Button>
                    </Row>
                  </li>
                ))}
              </UnverifiedList>
            )}
          </Stack>
        </section>
      </Stack>
    </Modal>
  );
}
