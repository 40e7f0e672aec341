// Errors are codes (STYLE §7): services throw AppError(code) from the spec §8 catalogue; the error
// handler turns it into the envelope with a fitting HTTP status.
import { ErrorCode, errorMessage } from '@airloom/contracts';

export class AppError extends Error {
  readonly code: number;
  /** Field path → rules.* i18n key (validation failures only). */
  readonly fields: Record<string, string> | undefined;

  constructor(code: number, fields?: Record<string, string>) {
    super(errorMessage(code));
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
  }
}

/**
 * HTTP status for a catalogue code. 401 only when there is no valid session: the shared API client
 * sends the user to the login page on any 401, so wrong credentials answer 400 instead.
 */
export function httpStatusFor(code: number): number {
  switch (code) {
    case ErrorCode.OK:
      return 200;
    case ErrorCode.TOKEN_MISSING:
    case ErrorCode.TOKEN_EXPIRED:
    case ErrorCode.PASSWORD_CHANGED:
      return 401;
    case ErrorCode.SIGNATURE:
    case ErrorCode.READ_ONLY_PROJECT:
    case ErrorCode.READ_ONLY_PROJECT_ALT:
    case ErrorCode.DEMO_PROJECT:
    case ErrorCode.PROJECT_COUNT_LIMIT:
    case ErrorCode.TWO_FACTOR_SETUP_REQUIRED:
      return 403;
    case ErrorCode.DATA_NOT_FOUND:
    case ErrorCode.ACCOUNT_NOT_FOUND:
    case ErrorCode.PROJECT_INVALID:
    case ErrorCode.REMOTE_LINK_INVALID:
      return 404;
    // a remote web link that ran out (idle or its time limit): gone for good
    case ErrorCode.REMOTE_IDLE_CLOSED:
    case ErrorCode.REMOTE_SESSION_EXPIRED:
      return 410;
    case ErrorCode.REMOTE_DEVICE_NO_ANSWER:
      return 504;
    case ErrorCode.ACCOUNT_EXISTS:
    case ErrorCode.DATA_EXISTS:
      return 409;
    case ErrorCode.LOGIN_LOCKED:
      return 423;
    case ErrorCode.SMS_MINUTE_LIMIT:
    case ErrorCode.SMS_HOURLY_LIMIT:
    case ErrorCode.SMS_DAILY_LIMIT:
    case ErrorCode.VERIFICATION_ATTEMPTS_EXCEEDED:
    case ErrorCode.REPEATED_CLICKS:
      return 429;
    case ErrorCode.SERVER_ERROR:
    case ErrorCode.CONFIG_FAILED:
      return 500;
    default:
      return 400;
  }
}
