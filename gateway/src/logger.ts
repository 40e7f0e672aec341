// The runtime logs through whatever pino logger its host gives it (the BFF's in `airloom all`).
import { pino, type Logger } from 'pino';

export type RuntimeLogger = Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;

export function createGatewayLogger(level: string): Logger {
  return pino({ level, base: { service: 'airloom-gateway' } });
}
