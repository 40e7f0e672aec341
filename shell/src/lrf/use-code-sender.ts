// "Send code" for sign-up and password reset: POST /auth/code, then a resend countdown.
import { useEffect, useState } from 'react';
import { authEndpoints, CodeRequestSchema, type CodeSentResponse, type VerificationPurpose } from '@airloom/contracts';
import { ApiError } from '@airloom/shared-ui';
import { publicApi } from '../shell-context';

export function useCodeSender(purpose: VerificationPurpose) {
  const [sent, setSent] = useState<CodeSentResponse | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  /** Returns false when the account itself is invalid (the form shows the rule's message). */
  async function send(account: string): Promise<boolean> {
    const parsed = CodeRequestSchema.safeParse({ account, purpose });
    if (!parsed.success) return false;
    setSending(true);
    setError(null);
    try {
      const answer = await publicApi.call(authEndpoints.sendCode, { body: parsed.data });
      setSent(answer);
      setWait(answer.resendAfterSeconds);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setSending(false);
    }
    return true;
  }

  return { sent, sending, error, wait, send };
}
