// DHCP (spec §2 /manage/networkconf/dhcp, and a switch's DHCP server tab): one mode at most of
// server, relay and snooping (spec §4), the relay's server, and the pools (name, VLAN, range, mask,
// gateway, DNS, lease from the §3 choices, type user or AP).
import { useTranslation } from 'react-i18next';
import { DHCP_LEASE_CHOICES, DHCP_MODES, DHCP_TYPES, type DhcpMode } from '@airloom/contracts';
import type { DeviceModel } from '@airloom/contracts/config';
import { Select, Stack } from '@airloom/shared-ui';
import { GroupError, NumberAt, SelectAt, TextAt, useBoundForm } from '../config/fields';
import { AddItem, DnsFields, listAt, RemoveItem } from '../config/list-fields';
import { getAt } from '../config/section-form';
import { FieldGrid, ItemGroup } from '../../components/layout';

type Modes = Record<DhcpMode, boolean>;
const OFF = 'off';

export function blankPool(): Record<string, unknown> {
  return { name: '', vlanId: 1, start: '', end: '', mask: 24, gateway: '', dns: [''], leaseMinutes: 1440, type: 'user' };
}

function ModeSelect() {
  const { t } = useTranslation('devices');
  const { form, editable } = useBoundForm();
  const modes = (getAt(form.values, 'modes') ?? {}) as Partial<Modes>;
  const current = DHCP_MODES.find((m) => modes[m]) ?? OFF;
  return (
    <Select
      label={t('dhcp.mode')}
      hint={t('dhcp.modeHint')}
      value={current}
      options={[{ value: OFF, label: t('dhcp.off') }, ...DHCP_MODES.map((m) => ({ value: m, label: t(`enums.dhcpMode.${m}`) }))]}
      error={form.errorAt('modes')}
      disabled={!editable}
      onChange={(v) => form.set('modes', { relay: v === 'relay', snooping: v === 'snooping', server: v === 'server' })}
    />
  );
}

function Pool({ index }: { index: number }) {
  const { t } = useTranslation('devices');
  const at = `pools.${index}`;
  const name = t('dhcp.pool', { n: index + 1 });
  return (
    <ItemGroup>
      <legend>{name}</legend>
      <FieldGrid>
        <TextAt path={`${at}.name`} label={t('field.name')} />
        <NumberAt path={`${at}.vlanId`} label={t('field.vlanId')} />
        <TextAt path={`${at}.start`} label={t('field.start')} />
        <TextAt path={`${at}.end`} label={t('field.end')} />
        <NumberAt path={`${at}.mask`} label={t('field.mask')} hint={t('field.maskHint')} />
        <TextAt path={`${at}.gateway`} label={t('field.gateway')} />
        <DnsFields path={`${at}.dns`} />
        <SelectAt
          path={`${at}.leaseMinutes`}
          label={t('field.lease')}
          numeric
          options={DHCP_LEASE_CHOICES.map((m) => ({ value: String(m), label: t(`enums.dhcpLease.${m}`) }))}
        />
        <SelectAt path={`${at}.type`} label={t('field.dhcpType')} options={DHCP_TYPES.map((d) => ({ value: d, label: t(`enums.dhcpType.${d}`) }))} />
      </FieldGrid>
      <RemoveItem path="pools" index={index} label={t('dhcp.removePool', { name })} />
    </ItemGroup>
  );
}

export function DhcpForm({ model }: { model: DeviceModel }) {
  const { t } = useTranslation('devices');
  const { form } = useBoundForm();
  const relay = (getAt(form.values, 'modes') as Partial<Modes> | undefined)?.relay === true;
  const pools = listAt(form.values, 'pools');
  return (
    <Stack $gap="lg">
      <FieldGrid>
        <ModeSelect />
        {relay && <TextAt path="relayServer" label={t('dhcp.relayServer')} optional />}
      </FieldGrid>
      <GroupError path="pools" />
      {pools.map((_, i) => (
        <Pool key={i} index={i} />
      ))}
      <AddItem path="pools" item={blankPool} label={t('dhcp.addPool')} max={model.limits.dhcpPools} />
    </Stack>
  );
}
