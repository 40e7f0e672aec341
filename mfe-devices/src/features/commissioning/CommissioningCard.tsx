// The commissioning checklist (docs/decisions/commissioning.md) on the device list (/manage/devconf)
// of a project made from a solution: per model the devices planned, bound by serial number and
// online, and how far the whole is. It is read again whenever the page's live device list changes
// (a device added, removed, coming online or going offline), so it follows the installation without
// a reload. Adding and importing devices happen on the network status page, opened with its dialog.
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { API, isDeviceOnline, type Commissioning, type DeviceItem } from '@airloom/contracts';
import { Badge, Button, Card, InlineNotice, Row, Stack, refusalText, useCan, useLoad, useMfe, type ProjectRef } from '@airloom/shared-ui';
import { ScrollBox } from '../../components/layout';

/** What of the live list changes the checklist: which devices are in the project, and which are online. */
export function checklistKey(devices: readonly DeviceItem[] | null): string {
  return (devices ?? [])
    .map((d) => `${d.sn}:${isDeviceOnline(d.status) ? 1 : 0}`)
    .sort()
    .join(',');
}

const Meter = styled.label`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 2px;
  progress { width: 100%; height: 12px; }
`;

export function CommissioningCard({ project, devices }: { project: ProjectRef; devices: readonly DeviceItem[] | null }) {
  const { t } = useTranslation('devices');
  const mfe = useMfe();
  const may = useCan('device.add');
  const checklist = useLoad((signal) => mfe.api.call(API.solutions.commissioning, { params: { id: project.id }, signal }));
  const key = useMemo(() => checklistKey(devices), [devices]);
  const seen = useRef<string | null>(null);
  const { reload } = checklist;
  useEffect(() => {
    // the first list is the one the checklist was read with; later changes read it again
    if (devices === null) return;
    if (seen.current !== null && seen.current !== key) reload();
    seen.current = key;
  }, [key, devices, reload]);

  const data = checklist.data;
  if (!data) {
    return checklist.error ? <InlineNotice tone="danger">{t('commissioning.loadFailed', { message: checklist.error.message })}</InlineNotice> : null;
  }
  // a project not made from a solution has nothing planned: no checklist
  if (data.totals.planned === 0) return null;
  const { planned, bound, online } = data.totals;
  const open = (dialog: 'verify' | 'import') => mfe.navigate(`/manage/status?project=${project.id}&${dialog}=1`);
  const refused = may.ok ? undefined : refusalText(may.code);

  return (
    <Card title={t('commissioning.title')} aria-label={t('commissioning.title')} data-commissioning="checklist">
      <Stack $gap="md">
        <p>{t('commissioning.description')}</p>
        <p role="status" data-commissioning="totals">
          {t('commissioning.totals', { planned, bound, online })}
        </p>
        <Meter>
          {t('commissioning.boundMeter', { percent: Math.round((bound / planned) * 100) })}
          <progress max={planned} value={bound} />
        </Meter>
        <Meter>
          {t('commissioning.onlineMeter', { percent: Math.round((online / planned) * 100) })}
          <progress max={planned} value={online} />
        </Meter>
        {bound === 0 && <InlineNotice tone="info">{t('commissioning.noneBound')}</InlineNotice>}
        {/* focusable: on a phone the table scrolls sideways, by keyboard too */}
        <ScrollBox tabIndex={0} role="group" aria-label={t('commissioning.tableLabel')}>
          <table aria-label={t('commissioning.tableLabel')}>
            <thead>
              <tr>
                <th scope="col">{t('commissioning.column.model')}</th>
                <th scope="col">{t('commissioning.column.type')}</th>
                <th scope="col">{t('commissioning.column.planned')}</th>
                <th scope="col">{t('commissioning.column.bound')}</th>
                <th scope="col">{t('commissioning.column.online')}</th>
                <th scope="col">{t('commissioning.column.state')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((item) => (
                <tr key={item.model} data-model={item.model}>
                  <th scope="row">{item.model}</th>
                  <td>{item.type ? t(`enums.deviceType.${item.type}`) : t('commissioning.unknownType')}</td>
                  <td>{item.planned}</td>
                  <td>{item.bound}</td>
                  <td>{item.online}</td>
                  <td>
                    <ItemState item={item} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
        <Row $gap="md">
          <Button variant="primary" disabled={!may.ok} disabledReason={refused} onClick={() => open('verify')}>
            {t('commissioning.add')}
          </Button>
          {/* the same reason as Add's, behind an ⓘ rather than said twice */}
          <Button disabled={!may.ok} disabledReason={refused} reasonDisplay="info" onClick={() => open('import')}>
            {t('commissioning.import')}
          </Button>
        </Row>
      </Stack>
    </Card>
  );
}

function ItemState({ item }: { item: Commissioning['items'][number] }) {
  const { t } = useTranslation('devices');
  if (item.bound < item.planned) return <Badge $tone="warning">{t('commissioning.toBind', { count: item.planned - item.bound })}</Badge>;
  if (item.online < item.bound) return <Badge $tone="info">{t('commissioning.offline', { count: item.bound - item.online })}</Badge>;
  return <Badge $tone="success">{t('commissioning.done')}</Badge>;
}
