// Internet settings (spec §2 /manage/networkconf/netset): one form per WAN line the model has
// (WAN1, WAN2…): DHCP, static IP (IP, mask, gateway, up to two DNS), PPPoE (user, password, service
// name), PPTP or L2TP (server, user, password).
import { useTranslation } from 'react-i18next';
import { WAN_MODES, type DeviceModel, type WanMode } from '@airloom/contracts/config';
import { Select, Stack, type SelectOption } from '@airloom/shared-ui';
import { GroupError, NumberAt, TextAt, useBoundForm } from '../config/fields';
import { AddItem, DnsFields, listAt, RemoveItem } from '../config/list-fields';
import { FieldGrid, ItemGroup } from '../../components/layout';
import { setAt } from '../config/section-form';

/** What a line holds when its mode is chosen: that mode's fields, empty. */
export function blankLine(mode: WanMode): Record<string, unknown> {
  switch (mode) {
    case 'dhcp': return { mode };
    case 'static': return { mode, ip: '', mask: 24, gateway: '', dns: [''] };
    case 'pppoe': return { mode, user: '', password: '' };
    case 'pptp':
    case 'l2tp': return { mode, server: '', user: '', password: '' };
  }
}

function WanLine({ index }: { index: number }) {
  const { t } = useTranslation('devices');
  const { form } = useBoundForm();
  const at = `lines.${index}`;
  const mode = (listAt(form.values, 'lines')[index] as { mode?: WanMode } | undefined)?.mode ?? 'dhcp';
  const modes: SelectOption[] = WAN_MODES.map((m) => ({ value: m, label: t(`wan.mode.${m}`) }));
  const name = t('wan.line', { n: index + 1 });
  return (
    <ItemGroup>
      <legend>{name}</legend>
      <FieldGrid>
        <ModeSelect index={index} options={modes} />
        {mode === 'static' && (
          <>
            <TextAt path={`${at}.ip`} label={t('field.ip')} />
            <NumberAt path={`${at}.mask`} label={t('field.mask')} hint={t('field.maskHint')} />
            <TextAt path={`${at}.gateway`} label={t('field.gateway')} />
            <DnsFields path={`${at}.dns`} />
          </>
        )}
        {(mode === 'pptp' || mode === 'l2tp') && <TextAt path={`${at}.server`} label={t('field.server')} />}
        {(mode === 'pppoe' || mode === 'pptp' || mode === 'l2tp') && (
          <>
            <TextAt path={`${at}.user`} label={t('field.user')} />
            <TextAt path={`${at}.password`} label={t('field.password')} type="password" />
          </>
        )}
        {mode === 'pppoe' && <TextAt path={`${at}.serviceName`} label={t('field.serviceName')} hint={t('field.optional')} optional />}
      </FieldGrid>
      {index > 0 && <RemoveItem path="lines" index={index} label={t('wan.removeLine', { name })} />}
    </ItemGroup>
  );
}

/** Choosing another mode starts the line afresh with that mode's fields. */
function ModeSelect({ index, options }: { index: number; options: SelectOption[] }) {
  const { t } = useTranslation('devices');
  const { form, editable } = useBoundForm();
  const current = (listAt(form.values, 'lines')[index] as { mode?: string } | undefined)?.mode ?? '';
  return (
    <Select
      label={t('wan.modeLabel')}
      value={current}
      options={options}
      error={form.errorAt(`lines.${index}.mode`) ?? form.errorAt(`lines.${index}`)}
      disabled={!editable}
      onChange={(mode) => form.update((v) => setAt(v, `lines.${index}`, blankLine(mode as WanMode)))}
    />
  );
}

export function WanForm({ model }: { model: DeviceModel }) {
  const { t } = useTranslation('devices');
  const { form } = useBoundForm();
  const lines = listAt(form.values, 'lines');
  return (
    <Stack $gap="lg">
      <GroupError path="lines" />
      {lines.map((_, i) => (
        <WanLine key={i} index={i} />
      ))}
      {model.wanLines > 1 && <AddItem path="lines" item={() => blankLine('dhcp')} label={t('wan.addLine')} max={model.wanLines} />}
    </Stack>
  );
}
