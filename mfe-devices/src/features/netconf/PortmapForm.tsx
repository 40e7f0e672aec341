// Port mapping (spec §2 /manage/networkconf/port, §5): protocol, external and internal port lists
// (`;` between ports, `-` or `~` for ranges, counts and formats matching), the internal IP.
import { useTranslation } from 'react-i18next';
import { PORTMAP_PROTOCOLS, type DeviceModel } from '@airloom/contracts/config';
import { Stack } from '@airloom/shared-ui';
import { CheckAt, GroupError, SelectAt, TextAt, useBoundForm } from '../config/fields';
import { AddItem, listAt, RemoveItem } from '../config/list-fields';
import { FieldGrid, ItemGroup } from '../../components/layout';

/** spec §3 protocol numbers, whose labels contracts has */
const PROTOCOL_NUMBER = { all: 0, tcp: 1, udp: 2 } as const;

export function PortmapForm({ model }: { model: DeviceModel }) {
  const { t } = useTranslation('devices');
  const { form } = useBoundForm();
  const rules = listAt(form.values, 'rules');
  const protocols = PORTMAP_PROTOCOLS.map((p) => ({ value: p, label: t(`enums.protocol.${PROTOCOL_NUMBER[p]}`) }));
  return (
    <Stack $gap="lg">
      <GroupError path="rules" />
      {rules.length === 0 && <p>{t('portmap.none')}</p>}
      {rules.map((_, i) => {
        const name = t('portmap.rule', { n: i + 1 });
        return (
          <ItemGroup key={i}>
            <legend>{name}</legend>
            <FieldGrid>
              <TextAt path={`rules.${i}.name`} label={t('field.name')} />
              <SelectAt path={`rules.${i}.protocol`} label={t('field.protocol')} options={protocols} />
              <TextAt path={`rules.${i}.external`} label={t('field.externalPorts')} hint={t('portmap.portsHint')} />
              <TextAt path={`rules.${i}.internal`} label={t('field.internalPorts')} hint={t('portmap.portsHint')} />
              <TextAt path={`rules.${i}.internalIp`} label={t('field.internalIp')} />
              <CheckAt path={`rules.${i}.enabled`} label={t('field.enabled')} />
            </FieldGrid>
            <RemoveItem path="rules" index={i} label={t('portmap.remove', { name })} />
          </ItemGroup>
        );
      })}
      <AddItem
        path="rules"
        item={() => ({ name: '', protocol: 'all', external: '', internal: '', internalIp: '', enabled: true })}
        label={t('portmap.add')}
        max={model.limits.portMappings}
      />
    </Stack>
  );
}
