// The firmware part of a device's Maintenance tab (spec §1 firmware upgrade, §4 upgrade flow): the
// version it runs, a choice of the model's catalogue versions (the recommended one marked) or an image
// uploaded to the project for this model, an upload of a .bin (checked in the page with the same
// rule as the server, then by its content on the server), the chosen image's SHA-256 (to compare with
// the vendor's, copyable), a confirmation, then the live phase:
// waiting → downloading → upgrading → restarting → success | failed.
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { rules, ruleText, type DeviceItem, type FirmwareListResponse, type OperationRequest } from '@airloom/contracts';
import { ApiError, Button, Card, InlineNotice, Row, Select, Stack, refusalText, useCan, type SelectOption } from '@airloom/shared-ui';
import { CopyButton } from '../../components/CopyButton';

const MIB = 1024 * 1024;

/** 64 hex digits: broken anywhere on a phone rather than widening the card */
const Checksum = styled.code`
  overflow-wrap: anywhere;
`;

export interface FirmwareCardProps {
  device: DeviceItem;
  catalogue: FirmwareListResponse | undefined;
  busy: boolean;
  /** the upgrade in progress on this device (its phase is shown by the caller's Phase) */
  running: boolean;
  phase: React.ReactNode;
  upload(file: File): Promise<void>;
  ask(request: OperationRequest, label: string): void;
}

export function FirmwareCard({ device, catalogue, busy, running, phase, upload, ask }: FirmwareCardProps) {
  const { t } = useTranslation('devices');
  const can = useCan('device.upgrade', device);
  const [choice, setChoice] = useState('');
  const [note, setNote] = useState<{ tone: 'danger' | 'success'; text: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const model = catalogue?.models.find((m) => m.model === device.model);
  const images = (catalogue?.images ?? []).filter((i) => i.model === device.model);
  const options = useMemo<SelectOption[]>(
    () => [
      ...(model?.releases ?? []).map((r) => ({
        value: `v:${r.version}`,
        label: t(r.version === model?.recommended ? 'maintenance.firmware.recommendedOption' : 'maintenance.firmware.versionOption', { version: r.version, size: (r.size / MIB).toFixed(1), date: r.released }),
      })),
      ...images.map((i) => ({ value: `i:${i.id}`, label: t('maintenance.firmware.imageOption', { version: i.version, file: i.fileName }) })),
    ],
    [model, images, t],
  );
  const chosen = choice || (model?.recommended ? `v:${model.recommended}` : (options[0]?.value ?? ''));
  const release = chosen.startsWith('v:') ? model?.releases.find((r) => r.version === chosen.slice(2)) : undefined;
  const image = chosen.startsWith('i:') ? images.find((i) => i.id === Number(chosen.slice(2))) : undefined;
  const checksum = release?.sha256 ?? image?.sha256;

  async function choose(file: File) {
    setNote(null);
    const checked = rules.firmwareFile.safeParse({ name: file.name, size: file.size });
    if (!checked.success) {
      setNote({ tone: 'danger', text: ruleText(checked.error.issues[0]?.message ?? 'rules.firmwareFile.extension') });
      return;
    }
    setUploading(true);
    try {
      await upload(file);
      setNote({ tone: 'success', text: t('maintenance.firmware.uploaded', { file: file.name }) });
    } catch (err) {
      setNote({ tone: 'danger', text: err instanceof ApiError ? err.message : t('errors.generic.operationFailed') });
    } finally {
      setUploading(false);
    }
  }

  function start() {
    const label = options.find((o) => o.value === chosen)?.label ?? chosen;
    ask(chosen.startsWith('i:') ? { kind: 'upgrade', imageId: Number(chosen.slice(2)) } : { kind: 'upgrade', version: chosen.slice(2) }, label);
  }

  return (
    <Card title={t('maintenance.firmware.title')} data-maintenance="firmware">
      <Stack $gap="sm">
        <p>{t('maintenance.firmware.current', { version: device.softwareVersion || '—' })}</p>
        {device.type === 'nvr' ? (
          <InlineNotice tone="info">{t('maintenance.firmware.nvr')}</InlineNotice>
        ) : (
          <>
            {options.length === 0 ? (
              catalogue && <InlineNotice tone="info">{t('maintenance.firmware.none')}</InlineNotice>
            ) : (
              <Select label={t('maintenance.firmware.choose')} value={chosen} options={options} onChange={setChoice} disabled={!can.ok || running} />
            )}
            {release && <p data-release-notes>{release.notes}</p>}
            {checksum && (
              <Row $gap="sm" $wrap data-checksum>
                <span>
                  {t('maintenance.firmware.checksum')}: <Checksum>{checksum}</Checksum>
                </span>
                <CopyButton text={checksum} label={t('maintenance.firmware.copyChecksum')} copied={t('maintenance.firmware.checksumCopied')} refused={t('maintenance.firmware.checksumNotCopied')} />
              </Row>
            )}
            {note && <InlineNotice tone={note.tone}>{note.text}</InlineNotice>}
            {can.ok ? (
              <Row $gap="sm" $wrap>
                <Button variant="primary" disabled={busy || running || !chosen} onClick={start}>
                  {t('maintenance.firmware.action')}
                </Button>
                <Button disabled={uploading} onClick={() => input.current?.click()}>
                  {uploading ? t('maintenance.firmware.uploading') : t('maintenance.firmware.upload')}
                </Button>
                <input
                  ref={input}
                  type="file"
                  accept=".bin"
                  hidden
                  aria-label={t('maintenance.firmware.upload')}
                  onChange={(e) => {
                    const f = e.target.files?.[0];
                    if (f) void choose(f);
                    e.target.value = '';
                  }}
                />
              </Row>
            ) : (
              <InlineNotice tone="info">{refusalText(can.code)}</InlineNotice>
            )}
          </>
        )}
        {phase}
      </Stack>
    </Card>
  );
}
