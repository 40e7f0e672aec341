import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors.js';
import { shareCapCode, type ShareCounts, type ShareRequest } from './sharing.js';

const none: ShareCounts = { unexpiredReadOnly: 0, unexpiredReadWrite: 0, permanentReadWrite: 0, manageable: 0 };
const r: ShareRequest = { right: 'r', permanent: false };
const rw: ShareRequest = { right: 'rw', permanent: false };
const rwPermanent: ShareRequest = { right: 'rw', permanent: true };

// decisions.md: 32 unexpired read-only, 8 unexpired read-write
describe('share caps (spec §5, §6, §9)', () => {
  it.each([
    ['first read-only share', none, r, null],
    ['31 read-only → the 32nd fits', { ...none, unexpiredReadOnly: 31 }, r, null],
    ['32 read-only → the 33rd is refused', { ...none, unexpiredReadOnly: 32 }, r, ErrorCode.SHARE_READ_ONLY_LIMIT],
    ['8 read-only do not limit read-write', { ...none, unexpiredReadOnly: 8 }, rw, null],
    ['7 read-write → the 8th fits', { ...none, unexpiredReadWrite: 7, manageable: 7 }, rw, null],
    ['8 read-write → the 9th is refused', { ...none, unexpiredReadWrite: 8, manageable: 8 }, rw, ErrorCode.SHARE_READ_WRITE_LIMIT],
    ['2 permanent managers → the 3rd fits', { ...none, permanentReadWrite: 2, unexpiredReadWrite: 2 }, rwPermanent, null],
    ['3 permanent managers → the 4th is refused', { ...none, permanentReadWrite: 3, unexpiredReadWrite: 3 }, rwPermanent, ErrorCode.PERMANENT_SHARE_READ_WRITE_LIMIT],
    ['3 permanent managers → a timed rw share fits', { ...none, permanentReadWrite: 3, unexpiredReadWrite: 3 }, rw, null],
    ['11 manageable permissions → refused', { ...none, unexpiredReadWrite: 5, manageable: 11 }, rw, ErrorCode.MANAGEABLE_PERMISSION_LIMIT],
    ['10 manageable permissions → fits', { ...none, unexpiredReadWrite: 5, manageable: 10 }, rw, null],
  ] as const)('%s', (_label, counts, request, code) => {
    expect(shareCapCode(counts, request)).toBe(code);
  });
});
