// Gateway settings (spec §2 /manage/networkconf/*): the project's gateway is its router or wireless
// router (at most one per project); each route shows one of its sections, or the live route table.
// A project without a gateway says so; a wireless router's DHCP is not configured here (spec notice).
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceItem } from '@airloom/contracts';
import { GATEWAY_TYPES, gatewayConflicts, sectionApplies, type DeviceModel, type GatewayConfig, type GatewaySectionName } from '@airloom/contracts/config';
import { EmptyState, InlineNotice, Page, PageHeader, Spinner, useLoad, useMfe, type ProjectRef } from '@airloom/shared-ui';
import { createDevicesApi, type DevicesApi } from '../../api';
import { factsOf } from '../config/device-model';
import { deviceLabel } from '../config/device-name';
import { SectionEditor } from '../config/SectionEditor';
import type { Body } from '../config/section-form';
import { useProjectConfig, type ChangeSignal } from '../config/useProjectConfig';
import { DeviceStatusBadge } from '../devconf/DeviceStatusBadge';
import { DhcpForm } from './DhcpForm';
import { PortmapForm } from './PortmapForm';
import { RouteTable } from './RouteTable';
import { RoutesForm } from './RoutesForm';
import { VlanForm } from './VlanForm';
import { WanForm } from './WanForm';

export type GatewayView = GatewaySectionName | 'route-table';

const FORMS: Record<GatewaySectionName, (model: DeviceModel) => ReactNode> = {
  wan: (model) => <WanForm model={model} />,
  vlan: (model) => <VlanForm model={model} />,
  dhcp: (model) => <DhcpForm model={model} />,
  routes: (model) => <RoutesForm model={model} />,
  portmap: (model) => <PortmapForm model={model} />,
};

/** Sections whose rules reach into the VLANs (segments, pools in their VLAN, mapping targets). */
const CHECKED_AGAINST_VLANS = ['wan', 'dhcp', 'portmap'] as const;
type CheckedSection = (typeof CHECKED_AGAINST_VLANS)[number];

export function GatewayPage({ view }: { view: GatewayView }) {
  const { t } = useTranslation('devices');
  const { project } = useMfe();
  if (!project) {
    return (
      <Page>
        <EmptyState title={t(`gateway.title.${view}`)} />
      </Page>
    );
  }
  return <GatewayContent key={project.id} project={project} view={view} />;
}

function GatewayContent({ project, view }: { project: ProjectRef; view: GatewayView }) {
  const { t } = useTranslation('devices');
  const mfe = useMfe();
  const api = useMemo(() => createDevicesApi(mfe.api, project.id), [mfe.api, project.id]);
  const config = useProjectConfig(api, project.id);
  const gateway = config.devices?.find((d) => GATEWAY_TYPES.includes(d.type)) ?? null;
  const title = t(`gateway.title.${view}`);

  return (
    <Page>
      <PageHeader
        title={title}
        description={gateway ? <GatewayLine gateway={gateway} /> : t('gateway.of', { project: project.projectName })}
      />
      {config.error && <InlineNotice tone="danger">{t('gateway.loadFailed', { message: config.error.message })}</InlineNotice>}
      {!config.devices ? (
        !config.error && <Spinner />
      ) : !gateway ? (
        <EmptyState title={t('gateway.none')} description={t('gateway.noneHint')} />
      ) : view === 'route-table' ? (
        <RouteTable api={api} />
      ) : (
        <GatewaySection api={api} gateway={gateway} section={view} title={title} changes={config.changes} />
      )}
    </Page>
  );
}

function GatewayLine({ gateway }: { gateway: DeviceItem }) {
  const { t } = useTranslation('devices');
  return (
    <>
      {t('gateway.device', { name: deviceLabel(gateway), model: gateway.model })} <DeviceStatusBadge device={gateway} />
    </>
  );
}

interface GatewaySectionProps {
  api: DevicesApi;
  gateway: DeviceItem;
  section: GatewaySectionName;
  title: string;
  changes: ChangeSignal;
}

function GatewaySection({ api, gateway, section, title, changes }: GatewaySectionProps) {
  const { t } = useTranslation('devices');
  const facts = useMemo(() => factsOf(gateway), [gateway.type, gateway.model, gateway.ip]);
  const target = useMemo(() => ({ kind: 'gateway' as const, section }), [section]);
  if (!sectionApplies(section, facts)) return <InlineNotice tone="info">{t('gateway.dhcpNotHere')}</InlineNotice>;
  const form = FORMS[section](facts.model);
  if (!(CHECKED_AGAINST_VLANS as readonly string[]).includes(section)) {
    return (
      <SectionEditor api={api} target={target} device={gateway} facts={facts} changes={changes} title={title}>
        {form}
      </SectionEditor>
    );
  }
  return (
    <CheckedAgainstVlans api={api} section={section as CheckedSection}>
      {(extraIssues) => (
        <SectionEditor api={api} target={target} device={gateway} facts={facts} changes={changes} title={title} extraIssues={extraIssues}>
          {form}
        </SectionEditor>
      )}
    </CheckedAgainstVlans>
  );
}

/**
 * spec §5 segments must not conflict, pools lie in their VLAN, mapping targets in a LAN segment:
 * checked in the form against the stored VLANs (the server checks again against what it stores).
 */
function CheckedAgainstVlans({ api, section, children }: { api: DevicesApi; section: CheckedSection; children(extra: (values: Body) => ReturnType<typeof gatewayConflicts>): ReactNode }) {
  const vlan = useLoad((signal) => api.section({ kind: 'gateway', section: 'vlan' }, signal));
  const vlanBody = vlan.data?.body;
  const extra = useCallback(
    (values: Body) => (vlanBody ? gatewayConflicts({ vlan: vlanBody, [section]: values } as unknown as GatewayConfig).filter((i) => i.section === section) : []),
    [vlanBody, section],
  );
  return <>{children(extra)}</>;
}
