// The route table (spec §2 /manage/networkconf/router): read from the gateway now, not the stored
// configuration; static routes apart from the routes the device made itself (connected, default).
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { RouteTable as RouteTableData } from '@airloom/contracts';
import { Button, Card, InlineNotice, Row, Spinner, Stack, useLoad } from '@airloom/shared-ui';
import type { DevicesApi } from '../../api';
import { ScrollBox } from '../../components/layout';

type RouteRow = RouteTableData['routes'][number];

function Routes({ label, routes }: { label: string; routes: readonly RouteRow[] }) {
  const { t } = useTranslation('devices');
  return (
    <Stack $gap="sm">
      <Heading>{label}</Heading>
      {routes.length === 0 ? <p>{t('routeTable.none')}</p> : <RouteRows label={label} routes={routes} />}
    </Stack>
  );
}

const Heading = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

function RouteRows({ label, routes }: { label: string; routes: readonly RouteRow[] }) {
  const { t } = useTranslation('devices');
  return (
    <ScrollBox>
      <table aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{t('field.destination')}</th>
            <th scope="col">{t('field.mask')}</th>
            <th scope="col">{t('field.gateway')}</th>
            <th scope="col">{t('routeTable.interface')}</th>
            <th scope="col">{t('routeTable.enabled')}</th>
          </tr>
        </thead>
        <tbody>
          {routes.map((r, i) => (
            <tr key={`${r.destination}/${r.mask}/${i}`}>
              <td>{r.destination}</td>
              <td>{r.mask}</td>
              <td>{r.gateway}</td>
              <td>{r.interface}</td>
              <td>{r.enabled ? t('routeTable.yes') : t('routeTable.no')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

export function RouteTable({ api }: { api: DevicesApi }) {
  const { t } = useTranslation('devices');
  const table = useLoad((signal) => api.routeTable(signal));
  const routes = table.data?.routes ?? [];
  return (
    <Card title={t('routeTable.title')}>
      <Stack $gap="lg">
        <Row $justify="between">
          <span role="status" aria-live="polite">
            {table.loading ? t('routeTable.reading') : table.data ? t('routeTable.readAt', { when: new Date(table.data.readAt).toLocaleString() }) : null}
          </span>
          <Button size="sm" onClick={table.reload} busy={table.loading}>
            {t('routeTable.refresh')}
          </Button>
        </Row>
        {table.error && <InlineNotice tone="danger">{t('routeTable.failed', { message: table.error.message })}</InlineNotice>}
        {!table.data && !table.error && <Spinner />}
        {table.data && (
          <>
            <Routes label={t('routeTable.static')} routes={routes.filter((r) => r.static)} />
            <Routes label={t('routeTable.device')} routes={routes.filter((r) => !r.static)} />
          </>
        )}
      </Stack>
    </Card>
  );
}
