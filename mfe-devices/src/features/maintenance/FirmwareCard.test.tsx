import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FirmwareListResponse } from '@airloom/contracts';
import { FirmwareCard } from './FirmwareCard';
import { device, fakeBff, renderAt } from '../../test-harness';

afterEach(cleanup);

const ap = device({ sn: 'ALAP620000000001', name: 'Lobby-AP', type: 'ap', model: 'AL-AP620', softwareVersion: 'V2.3.0' });
const RECOMMENDED = 'a'.repeat(63) + '1';
const OLDER = 'b'.repeat(63) + '2';
const UPLOADED = 'c'.repeat(63) + '3';
const catalogue: FirmwareListResponse = {
  models: [
    {
      model: 'AL-AP620',
      recommended: 'V2.4.0',
      releases: [
        { version: 'V2.5.1', released: '2026-10-03', notes: 'Lower noise floor.', size: 9 * 1024 * 1024, sha256: OLDER },
        { version: 'V2.4.0', released: '2026-01-19', notes: 'Roaming by default.', size: 9 * 1024 * 1024, sha256: RECOMMENDED },
      ],
    },
  ],
  images: [{ id: 5, model: 'AL-AP620', version: 'V2.6.9', size: 16_448, sha256: UPLOADED, fileName: 'ap620-v2.6.9.bin', uploadedAt: '2026-11-01T00:00:00Z' }],
};

function renderCard() {
  const server = fakeBff({});
  renderAt(
    <FirmwareCard device={ap} catalogue={catalogue} busy={false} running={false} phase={null} upload={async () => undefined} ask={() => undefined} />,
    server.api,
    '/manage/devconf/ALAP620000000001/maintenance',
  );
  return screen.getByText('Firmware').closest('[data-maintenance="firmware"]') as HTMLElement;
}

describe('the firmware card', () => {
  it("shows the chosen release's SHA-256 (the recommended one first, then an uploaded image's) and copies it", async () => {
    const user = userEvent.setup();
    const card = renderCard();
    const line = () => card.querySelector('[data-checksum]') as HTMLElement;
    expect(line().textContent).toContain(`SHA-256 checksum: ${RECOMMENDED}`);

    await user.selectOptions(within(card).getByLabelText('Firmware to install'), 'i:5');
    expect(line().textContent).toContain(UPLOADED);
    expect(line().textContent).not.toContain(RECOMMENDED);

    await user.click(within(card).getByRole('button', { name: 'Copy checksum' }));
    expect(await navigator.clipboard.readText()).toBe(UPLOADED);
    expect(within(line()).getByRole('status').textContent).toBe('Checksum copied.');
  });

  it('says how to copy by hand when the browser refuses the clipboard', async () => {
    const user = userEvent.setup();
    const card = renderCard();
    const refuse = () => Promise.reject(new DOMException('not allowed', 'NotAllowedError'));
    Object.defineProperty(navigator.clipboard, 'writeText', { configurable: true, value: refuse });
    await user.click(within(card).getByRole('button', { name: 'Copy checksum' }));
    expect(await within(card).findByText('The browser did not allow copying: select the checksum and copy it.')).toBeTruthy();
  });
});
