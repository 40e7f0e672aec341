import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import * as singleSpa from 'single-spa';
import { useTranslation } from 'react-i18next';
import { fakeBff, testMfeProps } from '../testing';
import { useMfe } from '../mfe/context';
import { createRemote } from './create-remote';

function Hello() {
  const { t } = useTranslation('kit-test');
  const { session } = useMfe();
  return <h1>{t('hello', { nick: session.nick })}</h1>;
}

const remote = createRemote({
  name: 'kit-test',
  routes: [{ path: '/kit/hello', element: <Hello /> }],
  texts: { hello: 'Hello {{nick}}' },
});

afterEach(() => window.history.pushState(null, '', '/'));

describe('createRemote', () => {
  it("gives single-spa lifecycles that render the route's page with the shell's props and texts, and nothing elsewhere", async () => {
    const domElement = document.createElement('div');
    document.body.appendChild(domElement);
    // what single-spa passes besides the shell's props
    const props = { ...testMfeProps(fakeBff({}).api), domElement, name: 'kit-test', singleSpa, mountParcel: singleSpa.mountRootParcel };
    window.history.pushState(null, '', '/kit/hello');
    await remote.bootstrap(props);
    await remote.mount(props);
    expect(await screen.findByRole('heading', { name: 'Hello Ann' })).toBeTruthy();

    // another remote's route (single-spa unmounts us a moment later): nothing of ours is shown
    await act(async () => {
      window.history.pushState(null, '', '/elsewhere');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.queryByRole('heading')).toBeNull();

    await remote.unmount(props);
    expect(domElement.innerHTML).toBe('');
  });
});
