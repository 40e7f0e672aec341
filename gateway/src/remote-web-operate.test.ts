// Remote web management's Operate (docs/devices.md): the command and its URL and Token, the code of a
// failed Open(), and the token kept out of the operation's record that browsers read.
import { ErrorCode } from '@airloom/contracts';
import { describe, expect, it } from 'vitest';
import { failureCode, operateFor } from './outbox.js';
import { toOperationItem } from './store/mapping.js';
import type { OperationRow } from './store/rows.js';

const args = { tunnelUrl: 'wss://console.example.com/api/v1/remote-web/tunnel', tunnelToken: 'a'.repeat(43) };

describe('remote-web operation', () => {
  it('is Device.X_AIRLOOM_RemoteWeb.Open() with URL and Token, command_key the operation id', () => {
    const msg = operateFor('remote-web', 42, args);
    expect(msg.command).toBe('Device.X_AIRLOOM_RemoteWeb.Open()');
    expect(msg.commandKey).toBe('42');
    expect(msg.inputArgs).toEqual({ URL: args.tunnelUrl, Token: args.tunnelToken });
  });

  it('fails as 320 (remote management failed) whatever the device reports', () => {
    expect(failureCode('remote-web', 7830)).toBe(ErrorCode.REMOTE_MANAGEMENT_FAILED);
    expect(failureCode('remote-web', undefined)).toBe(ErrorCode.REMOTE_MANAGEMENT_FAILED);
  });

  it("shows the tunnel's address but never its token in the operation's record", () => {
    const row: OperationRow = {
      id: 42, project_id: 7, sn: 'ALAP620000000001', kind: 'remote-web', state: 'sent', created_by_account_id: 3, claimed_by: null, claim_until: null,
      attempts: 1, error_code: null, created_at: 0, updated_at: 0, sent_at: 0, finished_at: null, expires_at: 50_000, revision: 2, args_json: JSON.stringify(args),
    };
    const item = toOperationItem(row);
    expect(item.args).toEqual({ tunnelUrl: args.tunnelUrl });
    expect(JSON.stringify(item)).not.toContain(args.tunnelToken);
  });
});
