// A switch's ports (spec §3 switch port): id, link status and rate as the device reports them, type
// Ethernet/SFP (model catalogue), PoE status and power (reported), and what is configured: on/off,
// rate, duplex (auto, half, full), remark.
import { useTranslation } from 'react-i18next';
import type { DeviceDetail } from '@airloom/contracts';
import { PORT_DUPLEX, PORT_RATES, portOf, type DeviceModel } from '@airloom/contracts/config';
import { Stack } from '@airloom/shared-ui';
import { CheckAt, GroupError, SelectAt, TextAt, useBoundForm } from '../config/fields';
import { listAt } from '../config/list-fields';
import { ScrollBox } from '../../components/layout';

type Reported = DeviceDetail['ports'][number];

/** The device's report of port `n` (its ports are listed in order, port 1 first). */
export function reportedPort(detail: DeviceDetail | null, n: number): Reported | undefined {
  return detail?.ports[n - 1];
}

export function LinkStatus({ port }: { port: Reported | undefined }) {
  const { t } = useTranslation('devices');
  if (!port) return <>{t('ports.unknown')}</>;
  return <>{port.up ? t('ports.up', { speed: port.speed }) : t('ports.down')}</>;
}

export function PoeStatus({ port, hasPoe }: { port: Reported | undefined; hasPoe: boolean }) {
  const { t } = useTranslation('devices');
  if (!hasPoe) return <>{t('ports.noPoe')}</>;
  if (!port || port.poePower === null) return <>{t('ports.unknown')}</>;
  return <>{t('ports.poePower', { power: port.poePower.toFixed(2) })}</>;
}

export function SwitchPortsForm({ model, detail }: { model: DeviceModel; detail: DeviceDetail | null }) {
  const { t } = useTranslation('devices');
  const { form } = useBoundForm();
  const ports = listAt(form.values, 'ports') as { port: number }[];
  const rates = PORT_RATES.map((r) => ({ value: r, label: r === 'auto' ? t('ports.rateAuto') : t('ports.rate', { rate: r }) }));
  const duplex = PORT_DUPLEX.map((d) => ({ value: d, label: t(`enums.speedMode.${d}`) }));
  return (
    <Stack $gap="lg">
      <GroupError path="ports" />
      <ScrollBox>
        <table aria-label={t('ports.tableLabel')}>
          <thead>
            <tr>
              <th scope="col">{t('ports.port')}</th>
              <th scope="col">{t('ports.type')}</th>
              <th scope="col">{t('ports.status')}</th>
              <th scope="col">{t('ports.poe')}</th>
              <th scope="col">{t('ports.on')}</th>
              <th scope="col">{t('ports.rateColumn')}</th>
              <th scope="col">{t('ports.duplexColumn')}</th>
              <th scope="col">{t('ports.remark')}</th>
            </tr>
          </thead>
          <tbody>
            {ports.map((p, i) => {
              const kind = portOf(model, p.port);
              const reported = reportedPort(detail, p.port);
              return (
                <tr key={p.port} data-port={p.port}>
                  <th scope="row">{p.port}</th>
                  <td>{kind ? t(`enums.portType.${kind.kind}`) : '—'}</td>
                  <td>
                    <LinkStatus port={reported} />
                  </td>
                  <td>
                    <PoeStatus port={reported} hasPoe={kind?.poe === true} />
                  </td>
                  <td>
                    <CheckAt path={`ports.${i}.enabled`} label={t('ports.enabledOf', { port: p.port })} hiddenLabel />
                  </td>
                  <td>
                    <SelectAt path={`ports.${i}.rate`} label={t('ports.rateOf', { port: p.port })} options={rates} hiddenLabel />
                  </td>
                  <td>
                    <SelectAt path={`ports.${i}.duplex`} label={t('ports.duplexOf', { port: p.port })} options={duplex} hiddenLabel />
                  </td>
                  <td>
                    <TextAt path={`ports.${i}.remark`} label={t('ports.remarkOf', { port: p.port })} hiddenLabel />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollBox>
    </Stack>
  );
}
