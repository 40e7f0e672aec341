// Version info and the help centre (spec §2 texts "version info, help centre"); the link shows only
// when the server names a help centre.
import { useTranslation } from 'react-i18next';
import type { AccountProfile } from '@airloom/contracts';
import { Card, Stack } from '@airloom/shared-ui';

export function AboutCard({ profile }: { profile: AccountProfile }) {
  const { t } = useTranslation('overview');
  return (
    <Card title={t('account.about.title')}>
      <Stack $gap="sm">
        <p>{t('account.about.version', { version: profile.version })}</p>
        {profile.helpCentreUrl && (
          <a href={profile.helpCentreUrl} target="_blank" rel="noopener noreferrer">
            {t('account.about.help')}
          </a>
        )}
      </Stack>
    </Card>
  );
}
