// A remote that fails to load: a clear message and a Retry that really loads it again — never a
// blank content area.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@airloom/shared-ui';
import { MessagePage } from './MessagePage';

export function RemoteFailure({ onRetry }: { onRetry(): Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <MessagePage
      role="alert"
      title={t('shell.remote.failedTitle')}
      text={t('shell.remote.failedText')}
      action={
        <Button
          variant="primary"
          busy={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onRetry();
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('shell.remote.retry')}
        </Button>
      }
    />
  );
}
