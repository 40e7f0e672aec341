// The gateway's VLANs (spec §2 /manage/networkconf/vlan, §5 VLAN): VLAN_Default (the LAN) shown as
// it is and not editable; the others with name, IP and mask, removable; VLANs are added by an ID
// list (`3,5,7`, `10-13`, at most 100 at once), each then named and given its segment.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_VLAN_NAME, parseVlanList } from '@airloom/contracts';
import { DEFAULT_VLAN_ID, type DeviceModel } from '@airloom/contracts/config';
import { Button, Row, Stack, TextField, translateFailure } from '@airloom/shared-ui';
import { GroupError, NumberAt, TextAt, useBoundForm } from '../config/fields';
import { listAt, RemoveItem } from '../config/list-fields';
import { setAt } from '../config/section-form';
import { ScrollBox } from '../../components/layout';

interface VlanRow {
  id: number;
  name: string;
  ip: string;
  mask: number;
}

/** New VLANs from an ID list: a name from the ID (the user may change it), the segment to fill in. */
export function vlansFromList(ids: readonly number[]): VlanRow[] {
  return ids.map((id) => ({ id, name: `VLAN${id}`, ip: '', mask: 24 }));
}

/**
 * The ID list typed to add, or why it cannot be added (an i18n key): the list rule of spec §5, IDs
 * not `taken` yet, the model's VLAN range, and room in a list of `length` for the model's count.
 */
export function addableIds(input: string, list: { taken: readonly number[]; length: number }, model: DeviceModel): { ids: number[] } | { error: string } {
  const parsed = parseVlanList(input);
  if (!parsed.ok) return { error: `rules.vlanList.${parsed.check}` };
  if (parsed.ids.some((id) => list.taken.includes(id))) return { error: 'rules.vlanTable.duplicateId' };
  if (parsed.ids.some((id) => id < model.minVlan || id > model.maxVlan)) return { error: 'rules.vlanTable.modelRange' };
  if (list.length + parsed.ids.length > model.limits.vlans) return { error: 'rules.vlanTable.count' };
  return { ids: parsed.ids };
}

function AddVlans({ model }: { model: DeviceModel }) {
  const { t } = useTranslation('devices');
  const { form } = useBoundForm();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rows = listAt(form.values, 'vlans') as VlanRow[];

  function add() {
    const result = addableIds(input, { taken: rows.map((r) => r.id), length: rows.length }, model);
    if ('error' in result) {
      setError(translateFailure(t, { key: result.error, params: {} }));
      return;
    }
    form.update((v) => setAt(v, 'vlans', [...listAt(v, 'vlans'), ...vlansFromList(result.ids)]));
    setInput('');
    setError(null);
  }

  return (
    <Row $gap="sm">
      <div style={{ flex: '1 1 220px', maxWidth: 360 }}>
        <TextField
          label={t('vlan.addIds')}
          hint={t('vlan.addIdsHint', { count: rows.length, max: model.limits.vlans })}
          value={input}
          error={error}
          onChange={(v) => {
            setInput(v);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
      </div>
      <Button size="sm" onClick={add}>
        {t('vlan.add')}
      </Button>
    </Row>
  );
}

export function VlanForm({ model }: { model: DeviceModel }) {
  const { t } = useTranslation('devices');
  const { form, editable } = useBoundForm();
  const rows = listAt(form.values, 'vlans') as VlanRow[];
  return (
    <Stack $gap="lg">
      <GroupError path="vlans" />
      <ScrollBox>
        <table aria-label={t('vlan.tableLabel')}>
          <thead>
            <tr>
              <th scope="col">{t('field.vlanId')}</th>
              <th scope="col">{t('field.name')}</th>
              <th scope="col">{t('field.ip')}</th>
              <th scope="col">{t('field.mask')}</th>
              {editable && <th scope="col">{t('list.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) =>
              row.id === DEFAULT_VLAN_ID && row.name === DEFAULT_VLAN_NAME ? (
                <tr key={`vlan-${row.id}`} data-vlan-id={row.id}>
                  <td>{row.id}</td>
                  <td>
                    {row.name} <span>({t('vlan.defaultFixed')})</span>
                  </td>
                  <td>{row.ip}</td>
                  <td>{row.mask}</td>
                  {editable && <td />}
                </tr>
              ) : (
                <tr key={`vlan-${row.id}-${i}`} data-vlan-id={row.id}>
                  <td>
                    {row.id}
                    <ErrorOnly path={`vlans.${i}.id`} />
                  </td>
                  <td>
                    <TextAt path={`vlans.${i}.name`} label={t('vlan.nameOf', { id: row.id })} hiddenLabel />
                  </td>
                  <td>
                    <TextAt path={`vlans.${i}.ip`} label={t('vlan.ipOf', { id: row.id })} hiddenLabel />
                  </td>
                  <td>
                    <NumberAt path={`vlans.${i}.mask`} label={t('vlan.maskOf', { id: row.id })} hiddenLabel />
                  </td>
                  {editable && (
                    <td>
                      <RemoveItem path="vlans" index={i} label={t('vlan.remove', { id: row.id })} />
                    </td>
                  )}
                </tr>
              ),
            )}
          </tbody>
        </table>
      </ScrollBox>
      {editable && <AddVlans model={model} />}
    </Stack>
  );
}

/** A rule about a value shown as text (the ID of a row): its sentence alone. */
export function ErrorOnly({ path }: { path: string }) {
  const { form } = useBoundForm();
  const error = form.errorAt(path);
  return error ? <div role="alert">{error}</div> : null;
}
