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

/** spec §1 permission transfer: the offer of a project, with the link that answers it. */
export interface TransferMessage {
  channel: 'email' | 'sms';
  to: string;
  purpose: 'transfer';
  /** the giver's account */
  from: string;
  projectName: string;
  /** path of the confirmation page with the offer's token (`/static/transfer?token=…`) */
  link: string;
  expiresInSeconds: number;
}

/** spec §3 Project share: an invitation of an address nobody signed up with yet. */
export interface InvitationMessage {
  channel: 'email' | 'sms';
  to: string;
  purpose: 'invitation';
  /** the inviting owner's account */
  from: string;
  projectName: string;
  /** path of the page that accepts it (`/static/invitation?token=…`) */
  link: string;
  expiresInSeconds: number;
}

/** An alarm notification (docs/data.md "Alarm notifications"): a project's alarm, or a test, to a recipient it chose. */
export interface AlarmNotificationMessage {
  channel: 'email';
  to: string;
  purpose: 'alarm';
  projectName: string;
  subject: string;
  /** the message as the recipient reads it */
  text: string;
}

export type OutgoingMessage = VerificationMessage | TransferMessage | InvitationMessage | AlarmNotificationMessage;

export interface Sender {
  send(message: OutgoingMessage): Promise<void>;
}

function textOf(message: OutgoingMessage): string {
  if (message.purpose === 'alarm') return message.text;
  const minutes = Math.round(message.expiresInSeconds / 60);
  switch (message.purpose) {
    case 'signup':
      return `Your Airloom sign-up code is ${message.code}. It expires in ${minutes} minutes.`;
    case 'reset':
      return `Your Airloom password reset code is ${message.code}. It expires in ${minutes} minutes.`;
    case 'transfer':
      return `${message.from} offers you the Airloom project ${message.projectName}. Accept or decline it at ${message.link} within ${Math.round(minutes / 60)} hours.`;
    case 'invitation':
      return `${message.from} shares the Airloom project ${message.projectName} with you. Sign up with this address, then accept it at ${message.link} within ${Math.round(minutes / 60)} hours.`;
  }
}

export function createOutboxSender(file: string): Sender {
  return {
    async send(message) {
      const line = JSON.stringify({ at: new Date().toISOString(), ...message, text: textOf(message) });
      await appendFile(file, `${line}\n`, { encoding: 'utf8', mode: 0o600 });
    },
  };
}
