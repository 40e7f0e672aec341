// JSON logs (pino). Secrets never reach a log line: request bodies are not logged at all, and the
// paths below are redacted as a second line of defence (tested in http/logging.test.ts).
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'password',
  'confirm',
  'code',
  'token',
  'cookie',
  '*.password',
  '*.confirm',
  '*.token',
  '*.cookie',
  '*.passwordHash',
  '*.password_hash',
  'body',
  '*.body',
];

export function createLogger(options: { level?: string } = {}, destination?: DestinationStream): Logger {
  const opts = {
    level: options.level ?? 'info',
    base: { service: 'airloom-bff' },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
  return destination ? pino(opts, destination) : pino(opts);
}
