import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { Action } from '@airloom/contracts';
import { fakeBff, renderRemotePage } from '../testing';
import type { ProjectRef } from './props';
import { useCan, type DeviceFacts } from './use-can';

afterEach(cleanup);

const owned: ProjectRef = { id: 1, right: 'rw', netMode: 0, projectName: 'Hotel', owner: true };
const sharedRw: ProjectRef = { ...owned, id: 2, owner: false };
const sharedR: ProjectRef = { ...owned, id: 3, right: 'r', owner: false };
const demo: ProjectRef = { ...sharedR, id: 500000 };
const managed: ProjectRef = { ...owned, id: 4, owner: false, admin: true };
const online: DeviceFacts = { status: 1, managementMode: 'cloud', type: 'ap' };
const offline: DeviceFacts = { ...online, status: 0 };

function Probe({ action, device }: { action: Action; device?: DeviceFacts }) {
  const decision = useCan(action, device);
  return <p>{decision.ok ? 'allowed' : `refused ${decision.code}`}</p>;
}

function answer(project: ProjectRef, action: Action, device?: DeviceFacts, demoSession = false): string {
  renderRemotePage(<Probe action={action} device={device} />, fakeBff({}).api, { project, demo: demoSession });
  const text = screen.getByRole('paragraph').textContent ?? '';
  cleanup();
  return text;
}

describe('useCan: session + project → contracts can()', () => {
  it('only the owner may delete or share; a read-write share may manage devices', () => {
    expect(answer(owned, 'project.delete')).toBe('allowed');
    expect(answer(sharedRw, 'project.delete')).toMatch(/^refused/);
    expect(answer(sharedRw, 'project.share')).toMatch(/^refused/);
    expect(answer(sharedRw, 'device.reboot', online)).toBe('allowed');
  });

  it('the company account, admin of its engineer’s project, shares it but neither deletes nor transfers it (spec §6)', () => {
    expect(answer(managed, 'project.share')).toBe('allowed');
    expect(answer(managed, 'device.reboot', online)).toBe('allowed');
    expect(answer(managed, 'project.delete')).toMatch(/^refused/);
    expect(answer(managed, 'project.transfer')).toMatch(/^refused/);
  });

  it('read-only and demo projects, and a live-demo session, refuse writes but not views', () => {
    expect(answer(sharedR, 'device.reboot', online)).toMatch(/^refused/);
    expect(answer(demo, 'device.add')).toMatch(/^refused/);
    expect(answer(demo, 'device.view')).toBe('allowed');
    expect(answer(owned, 'device.add', undefined, true)).toMatch(/^refused/);
  });

  it('a device that is offline refuses operations on it, not on the project', () => {
    expect(answer(owned, 'device.reboot', offline)).toMatch(/^refused/);
    expect(answer(owned, 'device.reboot')).toBe('allowed');
  });
});
