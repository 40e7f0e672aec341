// Sending one notification to one target, once (docs/data.md "Alarm notifications"): a webhook is a
// POST of the JSON body signed with HMAC-SHA256 by the project's secret, over the timestamp and the raw
// body, so a receiver can refuse a forged or replayed request; an e-mail goes through the pluggable
// sender (the dev outbox by default). The answer says what happened, never throws.
import { createHmac } from 'node:crypto';
import type { Sender } from '../auth/sender.js';

export const SIGNATURE_HEADER = 'X-Airloom-Signature';
export const TIMESTAMP_HEADER = 'X-Airloom-Timestamp';
export const DELIVERY_HEADER = 'X-Airloom-Delivery';
export const EVENT_HEADER = 'X-Airloom-Event';
/** a receiver that has not answered in this time has failed this attempt */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** `sha256=<hex>` of HMAC-SHA256(secret, `${timestamp}.${body}`); timestamp in Unix seconds */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface AttemptResult {
  ok: boolean;
  /** worth another attempt later (no answer, a timeout, 408, 429, 5xx, a sender failure) */
  retry: boolean;
  httpStatus: number | null;
  error: string | null;
}

export interface WebhookRequest {
  url: string;
  secret: string;
  deliveryId: number;
  event: 'alarm' | 'test';
  body: string;
  /** ms */
  now: number;
}

export type WebhookPoster = (req: WebhookRequest) => Promise<AttemptResult>;

function plainError(err: unknown): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} seconds`;
  const code = e?.cause?.code;
  if (code === 'ECONNREFUSED') return 'the receiver refused the connection';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the receiver\'s host name was not found';
  if (code === 'ECONNRESET') return 'the connection was closed before an answer';
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) return `the receiver's certificate was refused (${code})`;
  return (e?.cause?.message ?? e?.message ?? 'the request failed').slice(0, 200);
}

/** POSTs with Node's fetch; redirects are not followed (a signed request goes where it was set up to go). */
export const postWebhook: WebhookPoster = async (req) => {
  const timestamp = Math.floor(req.now / 1000);
  try {
    const res = await fetch(req.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Airloom-Webhook/1',
        [EVENT_HEADER]: req.event,
        [DELIVERY_HEADER]: String(req.deliveryId),
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: webhookSignature(req.secret, timestamp, req.body),
      },
      body: req.body,
    });
    // the body is not needed; reading it ends the exchange so the connection is freed
    await res.arrayBuffer().catch(() => undefined);
    if (res.status >= 200 && res.status < 300) return { ok: true, retry: false, httpStatus: res.status, error: null };
    const retry = res.status === 408 || res.status === 429 || res.status >= 500;
    const error = res.status >= 300 && res.status < 400 ? `the receiver answered a redirect (${res.status}), which is not followed` : `the receiver answered HTTP ${res.status}`;
    return { ok: false, retry, httpStatus: res.status, error };
  } catch (err) {
    return { ok: false, retry: true, httpStatus: null, error: plainError(err) };
  }
};

export async function sendEmail(sender: Sender, message: { to: string; projectName: string; subject: string; text: string }): Promise<AttemptResult> {
  try {
    await sender.send({ channel: 'email', purpose: 'alarm', ...message });
    return { ok: true, retry: false, httpStatus: null, error: null };
  } catch (err) {
    return { ok: false, retry: true, httpStatus: null, error: `the e-mail was not accepted: ${(err as Error)?.message ?? 'unknown reason'}`.slice(0, 200) };
  }
}
