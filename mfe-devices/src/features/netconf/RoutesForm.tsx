// Static routes (spec §2 /manage/networkconf/static, §5): destination, mask and next hop.
import { useTranslation } from 'react-i18next';
import type { DeviceModel } from '@airloom/contracts/config';
import { Stack } from '@airloom/shared-ui';
import { GroupError, NumberAt, TextAt, useBoundForm } from '../config/fields';
import { AddItem, listAt, RemoveItem } from '../config/list-fields';
import { FieldGrid, ItemGroup } from '../../components/layout';

export function RoutesForm({ model }: { model: DeviceModel }) {
  const { t } = useTranslation('devices');
  const { form } = useBoundForm();
  const routes = listAt(form.values, 'routes');
  return (
    <Stack $gap="lg">
      <GroupError path="routes" />
      {routes.length === 0 && <p>{t('routes.none')}</p>}
      {routes.map((_, i) => {
        const name = t('routes.route', { n: i + 1 });
        return (
          <ItemGroup key={i}>
            <legend>{name}</legend>
            <FieldGrid>
              <TextAt path={`routes.${i}.destination`} label={t('field.destination')} />
              <NumberAt path={`routes.${i}.mask`} label={t('field.mask')} hint={t('field.maskHint')} />
              <TextAt path={`routes.${i}.nextHop`} label={t('field.nextHop')} />
            </FieldGrid>
            <RemoveItem path="routes" index={i} label={t('routes.remove', { name })} />
          </ItemGroup>
        );
      })}
      <AddItem path="routes" item={() => ({ destination: '', mask: 24, nextHop: '' })} label={t('routes.add')} max={model.limits.staticRoutes} />
    </Stack>
  );
}
