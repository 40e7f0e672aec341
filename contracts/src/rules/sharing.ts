// spec §5, §6, §9: caps on sharing a project. These depend on what is stored, so they are a pure
// function of the counts the server reads, answering the catalogue code to refuse with.
import { ErrorCode, type ErrorCodeValue } from '../errors.js';
import { LIMITS } from '../limits.js';

export interface ShareCounts {
  /** unexpired read-only shares of the project */
  unexpiredReadOnly: number;
  /** unexpired read-write shares of the project */
  unexpiredReadWrite: number;
  /** permanent read-write shares (managers) of the project */
  permanentReadWrite: number;
  /** manageable permissions already granted on the project */
  manageable: number;
}

export interface ShareRequest {
  right: 'r' | 'rw';
  permanent: boolean;
}

/**
 * The code that refuses one more share, or null when it fits. Caps: 32 read-only and 8 read-write
 * unexpired shares (the spec gives both orders; decisions.md), 3 permanent read-write managers,
 * 11 manageable permissions per project.
 */
export function shareCapCode(counts: ShareCounts, request: ShareRequest): ErrorCodeValue | null {
  if (request.right === 'r') {
    return counts.unexpiredReadOnly >= LIMITS.unexpiredReadOnlySharesMax ? ErrorCode.SHARE_READ_ONLY_LIMIT : null;
  }
  if (request.permanent && counts.permanentReadWrite >= LIMITS.permanentReadWriteSharesMax) {
    return ErrorCode.PERMANENT_SHARE_READ_WRITE_LIMIT;
  }
  if (counts.unexpiredReadWrite >= LIMITS.unexpiredReadWriteSharesMax) return ErrorCode.SHARE_READ_WRITE_LIMIT;
  if (counts.manageable >= LIMITS.manageablePermissionsPerProjectMax) return ErrorCode.MANAGEABLE_PERMISSION_LIMIT;
  return null;
}
