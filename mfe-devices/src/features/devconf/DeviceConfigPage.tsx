// One device's configuration (/manage/devconf/:sn/:section): the tabs its kind has (sectionApplies:
// the name for all; ports, VLAN, DHCP server, PoE and management IP for a switch), one section each.
// Ports and PoE show what the device reports now beside the settings, read again as it reports.
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from '@airloom/shared-ui';
import styled from 'styled-components';
import type { DeviceItem } from '@airloom/contracts';
import { DEVICE_SECTIONS as ALL_DEVICE_SECTIONS, sectionApplies, type DeviceSectionName as AnyDeviceSectionName, type SectionFacts } from '@airloom/contracts/config';

// sections edited on their own pages, not here: the blacklist (wifi-acl, online clients), radio
// settings and the roaming tuner (RF optimisation)
type ElsewhereSection = 'wifi-acl' | 'radio' | 'roaming';
const ELSEWHERE: readonly string[] = ['wifi-acl', 'radio', 'roaming'] satisfies readonly ElsewhereSection[];
const DEVICE_SECTIONS = ALL_DEVICE_SECTIONS.filter((s): s is Exclude<AnyDeviceSectionName, ElsewhereSection> => !ELSEWHERE.includes(s));
type DeviceSectionName = (typeof DEVICE_SECTIONS)[number];
import { EmptyState, InlineNotice, Page, PageHeader, Spinner, useLoad, useMfe, type ProjectRef } from '@airloom/shared-ui';
import { createDevicesApi, type DevicesApi } from '../../api';
import { factsOf } from '../config/device-model';
import { deviceLabel } from '../config/device-name';
import { SectionEditor } from '../config/SectionEditor';
import { useProjectConfig, type ChangeSignal } from '../config/useProjectConfig';
import { DhcpForm } from '../netconf/DhcpForm';
import { configPath } from './DeviceConfigListPage';
import { DeviceStatusBadge } from './DeviceStatusBadge';
import { MgmtIpForm } from './MgmtIpForm';
import { NameForm } from './NameForm';
import { PoeForm } from './PoeForm';
import { SwitchPortsForm } from './SwitchPortsForm';
import { SwitchVlanForm } from './SwitchVlanForm';
import { MaintenancePanel } from '../maintenance/MaintenancePanel';
import { useDeviceOperations } from '../maintenance/useDeviceOperations';

const Tabs = styled.nav`
  ul { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space.xs}; list-style: none; margin: 0; padding: 0; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  a {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    border-bottom: 3px solid transparent;
  }
  a[aria-current='page'] { border-bottom-color: ${({ theme }) => theme.colors.primary}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
  a:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
`;

export function isDeviceSection(value: string | undefined): value is DeviceSectionName {
  return (DEVICE_SECTIONS as readonly string[]).includes(value ?? '');
}

export function DeviceConfigPage() {
  const { t } = useTranslation('devices');
  const { project } = useMfe();
  const { sn = '', section } = useParams();
  if (!project) {
    return (
      <Page>
        <EmptyState title={t('devconf.title')} />
      </Page>
    );
  }
  return <DeviceConfig key={`${project.id}/${sn}`} project={project} sn={sn} section={section} />;
}

function DeviceConfig({ project, sn, section }: { project: ProjectRef; sn: string; section: string | undefined }) {
  const { t } = useTranslation('devices');
  const mfe = useMfe();
  const api = useMemo(() => createDevicesApi(mfe.api, project.id), [mfe.api, project.id]);
  const operations = useDeviceOperations(sn);
  const config = useProjectConfig(api, project.id, operations.keep);
  const device = config.devices?.find((d) => d.sn === sn) ?? null;
  const facts = useMemo(() => (device ? factsOf(device) : null), [device?.type, device?.model, device?.ip]); // facts change only with these
  const tabs = facts ? DEVICE_SECTIONS.filter((s) => sectionApplies(s, facts)) : [];

  return (
    <Page>
      <PageHeader
        title={device ? t('devconf.deviceTitle', { name: deviceLabel(device) }) : t('devconf.title')}
        description={device ? <DeviceLine device={device} /> : undefined}
      />
      {config.error && <InlineNotice tone="danger">{t('devconf.loadFailed', { message: config.error.message })}</InlineNotice>}
      {!config.devices ? (
        !config.error && <Spinner />
      ) : !device || !facts ? (
        <EmptyState title={t('devconf.notInProject')} action={<NavLink to="/manage/devconf">{t('devconf.back')}</NavLink>} />
      ) : (
        <>
          <Tabs aria-label={t('devconf.tabsLabel', { name: deviceLabel(device) })}>
            <ul>
              {tabs.map((s) => (
                <li key={s}>
                  <NavLink to={configPath(device.sn, s)}>{t(`devconf.tab.${s}`)}</NavLink>
                </li>
              ))}
              <li>
                <NavLink to={configPath(device.sn, 'maintenance')}>{t('maintenance.tab')}</NavLink>
              </li>
            </ul>
          </Tabs>
          {section === 'maintenance' ? (
            <MaintenancePanel project={project} device={device} ops={operations} />
          ) : isDeviceSection(section) && tabs.includes(section) ? (
            <DeviceSection key={section} api={api} device={device} facts={facts} section={section} changes={config.changes} />
          ) : (
            <InlineNotice tone="info">{t('devconf.noSuchTab')}</InlineNotice>
          )}
        </>
      )}
    </Page>
  );
}

function DeviceLine({ device }: { device: DeviceItem }) {
  const { t } = useTranslation('devices');
  return (
    <>
      {t('devconf.deviceLine', { type: t(`enums.deviceType.${device.type}`), model: device.model, sn: device.sn })} <DeviceStatusBadge device={device} />
    </>
  );
}

interface DeviceSectionProps {
  api: DevicesApi;
  device: DeviceItem;
  facts: SectionFacts;
  section: DeviceSectionName;
  changes: ChangeSignal;
}

function DeviceSection({ api, device, facts, section, changes }: DeviceSectionProps) {
  const { t } = useTranslation('devices');
  const target = useMemo(() => ({ kind: 'device' as const, sn: device.sn, section }), [device.sn, section]);
  const reported = section === 'switch-ports' || section === 'poe';
  const detail = useLoad((signal) => (reported ? api.detail(device.sn, signal) : Promise.resolve(null)));
  const { reload } = detail;
  // what the device reports (links, PoE drawn, the budget) is read again as its record changes
  const seenRevision = useRef(device.revision);
  useEffect(() => {
    if (device.revision === seenRevision.current) return;
    seenRevision.current = device.revision;
    if (reported) reload();
  }, [reported, device.revision, reload]);

  const forms: Record<DeviceSectionName, ReactNode> = {
    name: <NameForm />,
    'mgmt-ip': <MgmtIpForm lanIp={facts.lanIp} />,
    'switch-ports': <SwitchPortsForm model={facts.model} detail={detail.data} />,
    'switch-vlan': <SwitchVlanForm model={facts.model} />,
    'switch-dhcp': <DhcpForm model={facts.model} />,
    poe: <PoeForm model={facts.model} detail={detail.data} />,
  };
  return (
    <SectionEditor api={api} target={target} device={device} facts={facts} changes={changes} title={t(`devconf.tab.${section}`)}>
      {forms[section]}
    </SectionEditor>
  );
}
