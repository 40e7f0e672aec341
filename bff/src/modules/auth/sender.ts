// Pluggable delivery of verification codes. The default writes one JSON line per message
// to `${DATA_DIR}/outbox.jsonl` where a developer (and the e2e tests) read the code; see
// docs/dev-outbox.md. A real e-mail/SMS provider implements the same interface.
import { appendFile } from 'node:fs/promises';

export interface VerificationMessage {
  channel: 'email' | 'sms';
  /** The normalised account identifier (lower-case e-mail or mobile digits). */
  to: string;
  purpose: 'signup' | 'reset';
  code: string;
  expiresInSeconds: number;
}

export interface Sender {
  send(message: VerificationMessage): Promise<void>;
}

export function createOutboxSender(file: string): Sender {
  return {
    async send(message) {
      const text =
        message.purpose === 'signup'
          ? `Your Airloom sign-up code is ${message.code}. It expires in ${Math.round(message.expiresInSeconds / 60)} minutes.`
          : `Your Airloom password reset code is ${message.code}. It expires in ${Math.round(message.expiresInSeconds / 60)} minutes.`;
      const line = JSON.stringify({ at: new Date().toISOString(), ...message, text });
      await appendFile(file, `${line}\n`, { encoding: 'utf8', mode: 0o600 });
    },
  };
}
