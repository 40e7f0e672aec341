// Forgot password: "Send code" to the account, then the code and a new password (twice).
import { useTranslation } from 'react-i18next';
import { authEndpoints, ResetRequestSchema, type ResetRequest } from '@airloom/contracts';
import { publicApi } from '../shell-context';
import { CodeFlowForm } from './CodeFlowForm';

export function ForgotForm() {
  const { t } = useTranslation();
  return (
    <CodeFlowForm
      purpose="reset"
      titleId="lrf-forgot-title"
      title={t('shell.lrf.forgotTab')}
      passwordLabel={t('shell.lrf.newPassword')}
      submitLabel={t('shell.lrf.reset')}
      send={(body: ResetRequest) => publicApi.call(authEndpoints.reset, { body })}
      done="resetDone"
      parse={(values) => ResetRequestSchema.safeParse(values).data ?? null}
    />
  );
}
