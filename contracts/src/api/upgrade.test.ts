// The upgrade's contract as a table: what a request may name, the phase a person reads for each
// stored state and step (spec §4 upgrade flow), and the staged rollout's request rules.
import { describe, expect, it } from 'vitest';
import { OperationRequestSchema, operationArgs, operationPhase } from './devices.js';
import { RolloutRequestSchema } from './maintenance.js';
import { ErrorCode, errorMessage } from '../errors.js';

describe('upgrade requests', () => {
  it.each([
    [{ kind: 'upgrade', version: 'V2.5.1' }, true],
    [{ kind: 'upgrade', imageId: 3 }, true],
    [{ kind: 'upgrade' }, false],
    [{ kind: 'upgrade', version: 'V2.5.1', imageId: 3 }, false],
    [{ kind: 'upgrade', imageId: 0 }, false],
    [{ kind: 'upgrade', imageId: 1.5 }, false],
    [{ kind: 'upgrade', version: '' }, false],
    [{ kind: 'upgrade', version: 'V'.repeat(17) }, false],
    [{ kind: 'upgrade', version: 'V2\n5' }, false],
  ])('%j valid: %s', (body, valid) => {
    expect(OperationRequestSchema.safeParse(body).success).toBe(valid);
  });

  it('stores the target it names, and nothing else', () => {
    expect(operationArgs(OperationRequestSchema.parse({ kind: 'upgrade', version: 'V2.5.1' }))).toEqual({ version: 'V2.5.1' });
    expect(operationArgs(OperationRequestSchema.parse({ kind: 'upgrade', imageId: 4 }))).toEqual({ imageId: 4 });
  });
});

describe('upgrade phases (spec §4: waiting, downloading, upgrading, restarting, success | failed)', () => {
  it.each([
    ['queued', null, 'waiting'],
    ['sent', null, 'downloading'],
    ['running', null, 'downloading'],
    ['running', 'downloading', 'downloading'],
    ['running', 'upgrading', 'upgrading'],
    ['running', 'restarting', 'restarting'],
    ['done', 'restarting', 'success'],
    ['failed', 'downloading', 'failed'],
    ['expired', null, 'failed'],
  ] as const)('%s with step %s reads %s', (state, step, phase) => {
    expect(operationPhase('upgrade', state, step)).toBe(phase);
  });

  it('leaves the other kinds as they were', () => {
    expect(operationPhase('reboot', 'running', 'upgrading')).toBe('restarting');
    expect(operationPhase('format-disk', 'running')).toBe('formatting');
  });

  it('has a sentence for each failure code', () => {
    for (const code of [ErrorCode.FIRMWARE_FILE_INVALID, ErrorCode.FIRMWARE_DOWNLOAD_FAILED, ErrorCode.FIRMWARE_UPGRADE_FAILED]) expect(errorMessage(code)).toMatch(/firmware|upgrade/);
  });
});

describe('staged rollout requests', () => {
  const sns = ['ALAP000000000001', 'ALAP000000000002'];
  it('fills the defaults: 10 % canary, waves of 50, halt above 20 %, 10 at once', () => {
    expect(RolloutRequestSchema.parse({ sns })).toMatchObject({ canaryPercent: 10, waveSize: 50, haltPercent: 20, maxDownloads: 10 });
  });
  it.each([
    [{ canaryPercent: 0 }, false],
    [{ canaryPercent: 100 }, true],
    [{ haltPercent: 0 }, true],
    [{ haltPercent: 101 }, false],
    [{ waveSize: 0 }, false],
    [{ waveSize: 501 }, false],
    [{ maxDownloads: 0 }, false],
    [{ maxDownloads: 101 }, false],
    [{ version: 'V1.0.0', imageId: 2 }, false],
    [{ imageId: 2 }, true],
    [{ sns: [] }, false],
    [{ sns: [sns[0], sns[0]] }, false],
  ])('%j valid: %s', (extra, valid) => {
    expect(RolloutRequestSchema.safeParse({ sns, ...extra }).success).toBe(valid);
  });
});
