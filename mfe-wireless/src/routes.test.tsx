import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { routes } from './routes';
import { fakeBff, renderAt } from './test-harness';

afterEach(cleanup);

describe('the wireless remote routes', () => {
  it('serves the wireless policies and RF optimisation pages, each needing a project', () => {
    expect(routes.map((r) => r.path)).toEqual(['/manage/wirelessconf', '/manage/rfconf']);
    expect(routes.every((r) => r.needsProject)).toBe(true);
  });

  it.each(routes.map((r) => [r.path, r] as const))('%s shows its page title as the heading', async (path, route) => {
    renderAt(route.element as ReactElement, fakeBff({}).api, `${path}?project=1`, path);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  });
});
