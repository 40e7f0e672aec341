// Rename a device (spec §5 name rule, from contracts). The new name is the device's desired name:
// the row shows "online, not saved" until the device confirms it.
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceRenameRequestSchema, type DeviceItem } from '@airloom/contracts';
import { Button, InlineNotice, Modal, Stack, TextField, useMfe, useSchemaForm } from '@airloom/shared-ui';
import type { NetworkApi } from '../../api';

export interface RenameDialogProps {
  device: DeviceItem | null;
  api: NetworkApi;
  onClose(): void;
  /** The server took the new name; `saved` is the row it answered with, if any. */
  onRenamed(device: DeviceItem, name: string, saved: DeviceItem | null): void;
}

export function RenameDialog({ device, api, onClose, onRenamed }: RenameDialogProps) {
  const { t } = useTranslation('network');
  const mfe = useMfe();
  const formId = `rn${useId().replace(/:/g, '')}`;
  const form = useSchemaForm(DeviceRenameRequestSchema, { name: device?.name ?? '' });
  const { reset } = form;

  useEffect(() => {
    if (device) reset({ name: device.name });
  }, [device, reset]);

  const submit = form.handleSubmit(async (data) => {
    if (!device) return;
    mfe.setLoading('saving');
    try {
      const saved = await api.rename(device.sn, data);
      onRenamed(device, data.name, saved);
    } catch (err) {
      if (!form.applyServerError(err)) form.setFormError(t('errors.generic.operationFailed'));
    } finally {
      mfe.setLoading('end');
    }
  });

  return (
    <Modal
      open={device !== null}
      title={t('rename.title')}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
          <Button variant="primary" type="submit" form={formId} busy={form.submitting}>
            {t('common.actions.save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Stack $gap="lg">
          {form.formError && <InlineNotice tone="danger">{form.formError}</InlineNotice>}
          <TextField label={t('rename.name')} hint={t('rename.hint')} required autoComplete="off" {...form.field('name')} />
        </Stack>
      </form>
    </Modal>
  );
}
