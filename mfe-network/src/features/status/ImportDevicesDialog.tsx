// Import up to 500 devices from an .xlsx or .xls file made from the template (spec §5 import file):
// the template to download, the file (checked with contracts' importFile rule before it is sent, and
// by its content on the server), then each row's outcome. When rows are refused nothing is imported
// and the user may choose "Import the valid rows".
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { importFile, type ImportResponse } from '@airloom/contracts';
import { ApiError, Button, InlineNotice, Modal, Stack, translateFailure, useMfe } from '@airloom/shared-ui';
import type { NetworkApi } from '../../api';

export interface ImportDevicesDialogProps {
  open: boolean;
  api: NetworkApi;
  onClose(): void;
  /** some devices were added (the list hears them as live events too) */
  onImported(count: number): void;
}

const Results = styled.div`
  max-height: 320px;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  table { width: 100%; border-collapse: collapse; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  th, td { text-align: left; padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; vertical-align: top; }
  th { position: sticky; top: 0; background: ${({ theme }) => theme.colors.surface}; }
  td.refused { color: ${({ theme }) => theme.colors.danger}; }
`;

const FileLabel = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  font-weight: 600;
  input { font-weight: normal; }
  small { color: ${({ theme }) => theme.colors.danger}; font-weight: normal; }
`;

export function ImportDevicesDialog({ open, api, onClose, onImported }: ImportDevicesDialogProps) {
  const { t } = useTranslation('network');
  const mfe = useMfe();
  const fileId = `imp${useId().replace(/:/g, '')}`;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResponse | null>(null);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setFileError(null);
    setResult(null);
  }, [open]);

  function choose(chosen: File | null) {
    setResult(null);
    setFile(chosen);
    if (!chosen) return setFileError(null);
    // the form's rule is the server's (contracts importFile): extension, empty, 10 MB
    const checked = importFile.safeParse({ name: chosen.name, size: chosen.size });
    setFileError(checked.success ? null : translateFailure(t, { key: checked.error.issues[0]!.message, params: {} }));
  }

  async function send(validOnly: boolean) {
    if (!file) {
      setFileError(translateFailure(t, { key: 'rules.importFile.required', params: {} }));
      return;
    }
    if (fileError) return;
    setBusy(true);
    mfe.setLoading('uploading');
    try {
      const answer = await api.importDevices(file, validOnly);
      setResult(answer);
      if (answer.imported > 0) onImported(answer.imported);
    } catch (err) {
      setResult(null);
      setFileError(err instanceof ApiError ? (err.fields.file ? translateFailure(t, { key: err.fields.file, params: {} }) : err.message) : t('errors.generic.operationFailed'));
    } finally {
      setBusy(false);
      mfe.setLoading('end');
    }
  }

  const refused = result ? result.rows.filter((r) => r.code !== 0).length : 0;
  const valid = result ? result.rows.length - refused : 0;
  const summary = !result
    ? null
    : result.imported === 0
      ? t('import.checked', { total: result.rows.length, valid, refused })
      : refused > 0
        ? t('import.doneWithRefused', { count: result.imported, refused })
        : t('import.done', { count: result.imported });
  const offerValid = result !== null && result.imported === 0 && valid > 0 && refused > 0;

  return (
    <Modal
      open={open}
      title={t('import.title')}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{result && result.imported > 0 ? t('import.close') : t('common.actions.cancel')}</Button>
          {offerValid && (
            <Button onClick={() => void send(true)} busy={busy}>
              {t('import.importValid')}
            </Button>
          )}
          {!(result && result.imported > 0) && (
            <Button variant="primary" onClick={() => void send(false)} busy={busy} disabled={offerValid}>
              {busy ? t('import.importing') : t('import.submit')}
            </Button>
          )}
        </>
      }
    >
      <Stack $gap="lg">
        <p>{t('import.intro')}</p>
        <a href={api.importTemplateUrl} download>
          {t('import.template')}
        </a>
        <FileLabel htmlFor={fileId}>
          {t('import.file')}
          <input
            id={fileId}
            type="file"
            accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${fileId}-error` : undefined}
            onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
          />
          {fileError && (
            <small id={`${fileId}-error`} role="alert">
              {fileError}
            </small>
          )}
        </FileLabel>
        {busy && <InlineNotice tone="info">{t('import.importing')}</InlineNotice>}
        {summary && (
          <InlineNotice tone={result && result.imported > 0 ? 'success' : refused > 0 ? 'warning' : 'info'}>
            <span role="status">{summary}</span>
          </InlineNotice>
        )}
        {result && result.rows.length > 0 && (
          <Results>
            <table aria-label={t('import.results')}>
              <thead>
                <tr>
                  <th scope="col">{t('import.row')}</th>
                  <th scope="col">{t('import.sn')}</th>
                  <th scope="col">{t('import.result')}</th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((r) => (
                  <tr key={r.row}>
                    <td>{r.row}</td>
                    <td>{r.sn}</td>
                    <td className={r.code === 0 ? undefined : 'refused'}>
                      {r.code === 0 ? (result.imported > 0 ? t('import.imported') : t('import.ok')) : `${r.code} · ${r.message}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Results>
        )}
      </Stack>
    </Modal>
  );
}
