import { describe, expect, it, vi } from 'vitest';
import { fetchWithEarly, startEarlyRequests } from './early-requests';

describe('early requests', () => {
  it('hands the early response to the first GET of that URL only', async () => {
    const early = new Response('{"code":0,"data":1}');
    const starter = vi.fn(async () => early);
    startEarlyRequests(['/api/v1/auth/me'], starter);
    expect(starter).toHaveBeenCalledTimes(1);

    const later = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"code":0,"data":2}'));
    await expect(fetchWithEarly('/api/v1/auth/me')).resolves.toBe(early);
    await fetchWithEarly('/api/v1/auth/me');
    expect(later).toHaveBeenCalledTimes(1);
    later.mockRestore();
  });

  it('never answers a write with an early response', async () => {
    const early = new Response('{}');
    startEarlyRequests(['/remotes.json'], async () => early);
    const later = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
    await fetchWithEarly('/remotes.json', { method: 'POST' });
    expect(later).toHaveBeenCalledTimes(1);
    await expect(fetchWithEarly('/remotes.json')).resolves.toBe(early);
    later.mockRestore();
  });
});
