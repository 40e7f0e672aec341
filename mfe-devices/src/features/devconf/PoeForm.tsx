// A switch's PoE (spec §3 "PoE power: total, used, remaining in W", two decimals, as the device
// reports them now): per port on/off and the power it may give. The section's schema refuses a
// setting whose enabled ports together would need more than the model's budget, before it is sent.
import { useTranslation } from 'react-i18next';
import type { DeviceDetail } from '@airloom/contracts';
import { nonPoePorts, poeAllotted, poeBudgetFigures, type DeviceModel, type PoeSection } from '@airloom/contracts/config';
import { InlineNotice, Stat, Stack, Grid } from '@airloom/shared-ui';
import { CheckAt, GroupError, NumberAt, useBoundForm } from '../config/fields';
import { listAt } from '../config/list-fields';
import { ScrollBox } from '../../components/layout';
import { PoeStatus, reportedPort } from './SwitchPortsForm';

export function PoeBudget({ detail }: { detail: DeviceDetail | null }) {
  const { t } = useTranslation('devices');
  if (!detail?.poe) return <p>{t('poe.noReport')}</p>;
  const figures = poeBudgetFigures(detail.poe.total, detail.poe.used);
  return (
    <Grid $min="170px" role="group" aria-label={t('poe.budget')}>
      <Stat label={t('poe.total')} value={t('poe.watts', { w: figures.total })} />
      <Stat label={t('poe.used')} value={t('poe.watts', { w: figures.used })} />
      <Stat label={t('poe.remaining')} value={t('poe.watts', { w: figures.remaining })} />
    </Grid>
  );
}

export function PoeForm({ model, detail }: { model: DeviceModel; detail: DeviceDetail | null }) {
  const { t } = useTranslation('devices');
  const { form } = useBoundForm();
  // a power being typed may not be a number yet: it counts as nothing until it is
  const section = form.values as unknown as PoeSection;
  const counted = { ports: section.ports.map((p) => ({ ...p, powerW: typeof p.powerW === 'number' ? p.powerW : 0 })) };
  const ports = listAt(form.values, 'ports') as { port: number }[];
  const ignored = nonPoePorts(model, section);
  return (
    <Stack $gap="lg">
      <PoeBudget detail={detail} />
      <p>{t('poe.allotted', { w: poeAllotted(model, counted).toFixed(2), budget: model.ports.poeBudgetW.toFixed(2) })}</p>
      {ignored.length > 0 && <InlineNotice tone="info">{t('rules.poe.notPoe')}</InlineNotice>}
      <GroupError path="ports" />
      <ScrollBox>
        <table aria-label={t('poe.tableLabel')}>
          <thead>
            <tr>
              <th scope="col">{t('ports.port')}</th>
              <th scope="col">{t('poe.now')}</th>
              <th scope="col">{t('poe.enabled')}</th>
              <th scope="col">{t('poe.power')}</th>
            </tr>
          </thead>
          <tbody>
            {ports.map((p, i) => (
              <tr key={p.port} data-port={p.port}>
                <th scope="row">{p.port}</th>
                <td>
                  <PoeStatus port={reportedPort(detail, p.port)} hasPoe />
                </td>
                <td>
                  <CheckAt path={`ports.${i}.enabled`} label={t('poe.enabledOf', { port: p.port })} hiddenLabel />
                </td>
                <td>
                  <NumberAt path={`ports.${i}.powerW`} label={t('poe.powerOf', { port: p.port })} hiddenLabel />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </Stack>
  );
}
