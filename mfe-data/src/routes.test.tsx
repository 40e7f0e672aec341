import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { routes } from './routes';
import { fakeBff, renderAt } from './test-harness';

afterEach(cleanup);

describe('the data remote routes', () => {
  it('serves the five pages of the data group and the audit log, each needing a project', () => {
    expect(routes.map((r) => r.path)).toEqual(['/manage/devsrunstat', '/manage/onlinestat', '/manage/onlinelist', '/manage/runlog', '/manage/alarminfo', '/manage/auditlog']);
    expect(routes.every((r) => r.needsProject)).toBe(true);
  });

  it.each(routes.map((r) => [r.path, r] as const))('%s shows its page title as the heading', async (path, route) => {
    renderAt(route.element as ReactElement, fakeBff({}).api, `${path}?project=1`, path);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  });
});
