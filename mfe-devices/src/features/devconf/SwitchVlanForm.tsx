// A switch's VLANs (spec §2 VLAN configuration, §4 QVLAN, §5 VLAN rules): QVLAN mode, off by
// default; turning it off clears the VLAN configuration, after a confirmation that says so. When on:
// the management VLAN, mutual access, the VLAN list (wired or wireless), and per port its PVID, trunk,
// and the VLANs it carries tagged, untagged or stripped.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { DEFAULT_VLAN_ID, qvlanOff, type DeviceModel, type SwitchVlanSection } from '@airloom/contracts/config';
import { Button, ConfirmDialog, Row, Stack, TextField, translateFailure } from '@airloom/shared-ui';
import { Checkbox } from '../../components/Checkbox';
import { ScrollBox } from '../../components/layout';
import { CheckAt, GroupError, SelectAt, TextAt, useBoundForm } from '../config/fields';
import { listAt } from '../config/list-fields';
import { getAt, setAt, type Body } from '../config/section-form';
import { addableIds, ErrorOnly } from '../netconf/VlanForm';

type Membership = 'none' | 'tagged' | 'untagged' | 'stripped';

const MemberSelect = styled.select`
  font: inherit;
  min-height: 32px;
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
`;
type VlanPort = SwitchVlanSection['ports'][number];

export function membershipOf(port: VlanPort, id: number): Membership {
  if (port.tagged.includes(id)) return 'tagged';
  if (port.untagged.includes(id)) return 'untagged';
  if (port.stripped.includes(id)) return 'stripped';
  return 'none';
}

/** The port with VLAN `id` moved to one list (or to none). */
export function withMembership(port: VlanPort, id: number, membership: Membership): VlanPort {
  const without = (list: number[]) => list.filter((v) => v !== id);
  const next = { ...port, tagged: without(port.tagged), untagged: without(port.untagged), stripped: without(port.stripped) };
  if (membership !== 'none') next[membership] = [...next[membership], id].sort((a, b) => a - b);
  return next;
}

/** QVLAN on for the first time: every port in the default VLAN, untagged; the trunk is the user's choice. */
export function qvlanOn(values: Body, model: DeviceModel): Body {
  const ports = listAt(values, 'ports');
  const start: VlanPort[] = Array.from({ length: model.ports.count }, (_, i) => ({ port: i + 1, pvid: 1, tagged: [], untagged: [1], trunk: false, stripped: [] }));
  return { ...values, qvlan: true, ports: ports.length > 0 ? ports : start };
}

function QvlanToggle({ model }: { model: DeviceModel }) {
  const { t } = useTranslation('devices');
  const { form, editable } = useBoundForm();
  const [confirming, setConfirming] = useState(false);
  const on = getAt(form.values, 'qvlan') === true;
  return (
    <>
      <Checkbox
        label={t('switchVlan.qvlan')}
        checked={on}
        disabled={!editable}
        onChange={(checked) => (checked ? form.update((v) => qvlanOn(v, model)) : setConfirming(true))}
      />
      <ConfirmDialog
        open={confirming}
        title={t('switchVlan.offTitle')}
        message={t('switchVlan.offMessage')}
        confirmLabel={t('switchVlan.offConfirm')}
        danger
        onConfirm={() => {
          form.update((v) => qvlanOff(v as unknown as SwitchVlanSection) as unknown as Body);
          setConfirming(false);
        }}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

function AddSwitchVlans({ model }: { model: DeviceModel }) {
  const { t } = useTranslation('devices');
  const { form } = useBoundForm();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const vlans = listAt(form.values, 'vlans') as { id: number }[];
  function add() {
    const result = addableIds(input, { taken: [DEFAULT_VLAN_ID, ...vlans.map((v) => v.id)], length: vlans.length }, model);
    if ('error' in result) {
      setError(translateFailure(t, { key: result.error, params: {} }));
      return;
    }
    form.update((v) => setAt(v, 'vlans', [...listAt(v, 'vlans'), ...result.ids.map((id) => ({ id, name: `VLAN${id}`, wireless: false }))]));
    setInput('');
    setError(null);
  }
  return (
    <Row $gap="sm">
      <TextField
        label={t('vlan.addIds')}
        hint={t('switchVlan.addIdsHint', { min: model.minVlan, max: model.maxVlan })}
        value={input}
        error={error}
        onChange={(v) => {
          setInput(v);
          setError(null);
        }}
      />
      <Button size="sm" onClick={add}>
        {t('vlan.add')}
      </Button>
    </Row>
  );
}

function PortMembership() {
  const { t } = useTranslation('devices');
  const { form, editable } = useBoundForm();
  const ids = [1, ...(listAt(form.values, 'vlans') as { id: number }[]).map((v) => v.id)];
  const ports = listAt(form.values, 'ports') as VlanPort[];
  const pvids = ids.map((id) => ({ value: String(id), label: String(id) }));
  const kinds: Membership[] = ['none', 'tagged', 'untagged', 'stripped'];
  return (
    <ScrollBox>
      <table aria-label={t('switchVlan.portsLabel')}>
        <thead>
          <tr>
            <th scope="col">{t('ports.port')}</th>
            <th scope="col">{t('switchVlan.pvid')}</th>
            <th scope="col">{t('switchVlan.trunk')}</th>
            {ids.map((id) => (
              <th scope="col" key={id}>
                {t('switchVlan.vlanColumn', { id })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ports.map((p, i) => (
            <tr key={p.port} data-port={p.port}>
              <th scope="row">{p.port}</th>
              <td>
                <SelectAt path={`ports.${i}.pvid`} label={t('switchVlan.pvidOf', { port: p.port })} hiddenLabel options={pvids} numeric />
              </td>
              <td>
                <CheckAt path={`ports.${i}.trunk`} label={t('switchVlan.trunkOf', { port: p.port })} hiddenLabel />
              </td>
              {ids.map((id) => (
                <td key={id}>
                  <MemberSelect
                    value={membershipOf(p, id)}
                    disabled={!editable}
                    aria-label={t('switchVlan.memberOf', { port: p.port, id })}
                    onChange={(e) => form.set(`ports.${i}`, withMembership(p, id, e.target.value as Membership))}
                  >
                    {kinds.map((k) => (
                      <option key={k} value={k}>
                        {t(`switchVlan.membership.${k}`)}
                      </option>
                    ))}
                  </MemberSelect>
                  {id === ids[0] && <PortErrors index={i} />}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/**
 * A switch without VLAN `id`: out of the list and out of every port (a PVID or management VLAN that
 * was `id` falls back to the default VLAN), so no port keeps a VLAN the list no longer has.
 */
export function withoutVlan(values: Body, id: number): Body {
  const section = values as unknown as SwitchVlanSection;
  const next: SwitchVlanSection = {
    ...section,
    mgmtVlan: section.mgmtVlan === id ? DEFAULT_VLAN_ID : section.mgmtVlan,
    vlans: section.vlans.filter((v) => v.id !== id),
    ports: section.ports.map((p) => ({ ...withMembership(p, id, 'none'), pvid: p.pvid === id ? DEFAULT_VLAN_ID : p.pvid })),
  };
  return next as unknown as Body;
}

function RemoveVlan({ id }: { id: number }) {
  const { t } = useTranslation('devices');
  const { form } = useBoundForm();
  return (
    <Button size="sm" variant="ghost" aria-label={t('vlan.remove', { id })} onClick={() => form.update((v) => withoutVlan(v, id))}>
      {t('list.remove')}
    </Button>
  );
}

/** A port's VLAN rules (one untagged VLAN, tagged ≠ untagged, tagged ≠ PVID, stripped ≠ allowed). */
function PortErrors({ index }: { index: number }) {
  const { form } = useBoundForm();
  const errors = ['untagged', 'tagged', 'stripped', ''].map((f) => form.errorAt(`ports.${index}${f ? `.${f}` : ''}`)).filter(Boolean);
  return errors.length > 0 ? <div role="alert">{errors.join(' ')}</div> : null;
}

export function SwitchVlanForm({ model }: { model: DeviceModel }) {
  const { t } = useTranslation('devices');
  const { form, editable } = useBoundForm();
  const on = getAt(form.values, 'qvlan') === true;
  const vlans = listAt(form.values, 'vlans') as { id: number }[];
  const mgmt = [1, ...vlans.map((v) => v.id)].map((id) => ({ value: String(id), label: String(id) }));
  return (
    <Stack $gap="lg">
      <QvlanToggle model={model} />
      {!on ? (
        <p>{t('switchVlan.offHint')}</p>
      ) : (
        <>
          <Row $gap="lg">
            <SelectAt path="mgmtVlan" label={t('field.mgmtVlan')} options={mgmt} numeric />
            <CheckAt path="mutualAccess" label={t('switchVlan.mutualAccess')} />
          </Row>
          <GroupError path="vlans" />
          {vlans.length === 0 ? (
            <p>{t('switchVlan.noVlans')}</p>
          ) : (
            <ScrollBox>
              <table aria-label={t('switchVlan.vlansLabel')}>
                <thead>
                  <tr>
                    <th scope="col">{t('field.vlanId')}</th>
                    <th scope="col">{t('field.name')}</th>
                    <th scope="col">{t('switchVlan.wireless')}</th>
                    {editable && <th scope="col">{t('list.actions')}</th>}
                  </tr>
                </thead>
                <tbody>
                  {vlans.map((v, i) => (
                    <tr key={`${v.id}-${i}`}>
                      <td>
                        {v.id}
                        <ErrorOnly path={`vlans.${i}.id`} />
                      </td>
                      <td>
                        <TextAt path={`vlans.${i}.name`} label={t('vlan.nameOf', { id: v.id })} hiddenLabel />
                      </td>
                      <td>
                        <CheckAt path={`vlans.${i}.wireless`} label={t('switchVlan.wirelessOf', { id: v.id })} hiddenLabel />
                      </td>
                      {editable && (
                        <td>
                          <RemoveVlan id={v.id} />
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          )}
          {editable && <AddSwitchVlans model={model} />}
          <GroupError path="ports" />
          <PortMembership />
        </>
      )}
    </Stack>
  );
}
