import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, readView, writeView } from './status-view';

const SORTABLE = ['name', 'status', 'clients'];

describe('the status page in the address', () => {
  it('reads filters, search, sort and the open device, and writes them back the same', () => {
    const params = new URLSearchParams('project=7&type=switch&state=offline&q=lobby&sort=-clients&device=ALSW00000000001');
    const view = readView(params, SORTABLE);
    expect(view).toEqual({
      filter: { type: 'switch', state: 'offline', search: 'lobby' },
      sort: { id: 'clients', desc: true },
      device: 'ALSW00000000001',
      verify: false,
      import: false,
    });
    expect(writeView(view, 7).toString()).toBe(params.toString());
  });

  it('ignores what it does not know: a foreign type, state or sort column', () => {
    const view = readView(new URLSearchParams('type=toaster&state=asleep&sort=-password'), SORTABLE);
    expect(view).toEqual({ filter: { type: '', state: '', search: '' }, sort: DEFAULT_SORT, device: null, verify: false, import: false });
  });

  it('reads the one-off request to show the devices to be verified, and does not write it back', () => {
    const view = readView(new URLSearchParams('verify=1'), SORTABLE);
    expect(view.verify).toBe(true);
    expect(writeView(view, 7).toString()).toBe('project=7');
  });

  it('reads the one-off request to open the import dialog, and does not write it back', () => {
    const view = readView(new URLSearchParams('import=1'), SORTABLE);
    expect(view).toMatchObject({ import: true, verify: false });
    expect(writeView(view, 7).toString()).toBe('project=7');
  });

  it('writes only the project for the default view', () => {
    expect(writeView(readView(new URLSearchParams(), SORTABLE), 500000).toString()).toBe('project=500000');
  });
});
