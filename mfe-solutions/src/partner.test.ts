import { describe, expect, it, vi } from 'vitest';
import { BOM_MESSAGE_TYPE, partnerOrigin, postBom } from './partner';
import { solution } from './test-harness';

describe('the partner postMessage API', () => {
  it('reads the partner origin from ?partner=, and nothing else', () => {
    expect(partnerOrigin('?partner=https%3A%2F%2Fportal.example.com%2Fquotes%3Fa%3D1')).toBe('https://portal.example.com');
    expect(partnerOrigin('?partner=http://localhost:9000')).toBe('http://localhost:9000');
    expect(partnerOrigin('')).toBeNull();
    expect(partnerOrigin('?partner=javascript:alert(1)')).toBeNull();
    expect(partnerOrigin('?partner=not a url')).toBeNull();
  });

  it('posts the bill of materials to a configured partner only, with that origin as the target', () => {
    const parent = { postMessage: vi.fn() };
    expect(postBom(parent, 'https://evil.example', ['https://portal.example.com'], solution())).toBe(false);
    expect(postBom(null, 'https://portal.example.com', ['https://portal.example.com'], solution())).toBe(false);
    expect(parent.postMessage).not.toHaveBeenCalled();

    expect(postBom(parent, 'https://portal.example.com', ['https://portal.example.com'], solution())).toBe(true);
    expect(parent.postMessage).toHaveBeenCalledWith(
      {
        type: BOM_MESSAGE_TYPE,
        version: 1,
        solution: expect.objectContaining({
          id: 7,
          name: 'Seaview Hotel',
          lines: [
            { type: 'gateway', model: 'AL-GW1200', quantity: 1, remark: '', reason: '1 gateway: 288 clients at once' },
            { type: 'ap', model: 'AL-AP620', quantity: 14, remark: '', reason: '14 APs: coverage-bound, 4,500 m² over 6 floors' },
          ],
        }),
      },
      'https://portal.example.com',
    );
    // the owner and the accounts it is shared with stay in the console
    expect(JSON.stringify(parent.postMessage.mock.calls[0]?.[0])).not.toContain('ann@example.com');
  });
});
