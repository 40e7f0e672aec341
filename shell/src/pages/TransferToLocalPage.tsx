// spec §2 entry route /static/transferToLocalDev: hands one device over to local management
// (docs/decisions/maintenance.md). With `?project=<id>&sn=<SN>` it opens that device's Maintenance tab,
// where the Management mode card asks before anything changes (nothing is changed by following a
// link). Without them it says where the handover is done.
import { Navigate, useSearchParams } from '@airloom/shared-ui';
import { useTranslation } from 'react-i18next';
import { MessagePage } from './MessagePage';
import { ActionLink } from './NotYetPage';

const SN = /^[0-9A-Za-z]{16,32}$/;

export function TransferToLocalPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const project = query.get('project') ?? '';
  const sn = query.get('sn') ?? '';
  if (/^[1-9]\d{0,9}$/.test(project) && SN.test(sn)) {
    return <Navigate to={`/manage/devconf/${sn.toUpperCase()}/maintenance?project=${project}`} replace />;
  }
  return (
    <main>
      <MessagePage
        title={t('shell.toLocal.title')}
        text={t('shell.toLocal.text')}
        action={<ActionLink to="/manage/devconf">{t('shell.toLocal.action')}</ActionLink>}
      />
    </main>
  );
}
