// The IE notice script is a plain ES5 file (public/legacy-browser.js); run it as the browser would.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const source = readFileSync(resolve(import.meta.dirname, '../../public/legacy-browser.js'), 'utf8');

interface LegacyApi {
  isOldInternetExplorer(userAgent: string, documentMode?: number): boolean;
  showNotice(doc: Document): void;
}

function run(global: Record<string, unknown>): Record<string, unknown> {
  new Function(source).call(global);
  return global;
}

const UA = {
  ie8: 'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)',
  ie10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  chrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
};

const api = run({}).airloomLegacyBrowser as LegacyApi;

describe('isOldInternetExplorer', () => {
  it.each([
    ['IE 8', UA.ie8, undefined, true],
    ['IE 10', UA.ie10, undefined, true],
    ['IE 11', UA.ie11, undefined, true],
    ['any browser reporting document.documentMode', UA.chrome, 11, true],
    ['Chrome', UA.chrome, undefined, false],
    ['Edge (Chromium)', UA.edge, undefined, false],
    ['Firefox', UA.firefox, undefined, false],
    ['Safari', UA.safari, undefined, false],
    ['no user agent at all', '', undefined, false],
  ])('%s → %s', (_name, ua, mode, expected) => {
    expect(api.isOldInternetExplorer(ua, mode)).toBe(expected);
  });
});

describe('the page an old IE user sees', () => {
  afterEach(() => { document.body.innerHTML = ''; });

  it('replaces the page with the "use another browser" notice', () => {
    document.body.innerHTML = '<div id="root">app</div>';
    const global = run({ document, navigator: { userAgent: UA.ie11 } });
    expect(global.__AIRLOOM_UNSUPPORTED_BROWSER__).toBe(true);
    expect(document.getElementById('root')).toBeNull();
    expect(document.querySelector('h1')?.textContent).toBe('This browser is not supported');
    expect(document.body.textContent).toMatch(/Please use another browser/);
  });

  it('leaves a modern browser alone', () => {
    document.body.innerHTML = '<div id="root">app</div>';
    const global = run({ document, navigator: { userAgent: UA.chrome } });
    expect(global.__AIRLOOM_UNSUPPORTED_BROWSER__).toBeUndefined();
    expect(document.getElementById('root')?.textContent).toBe('app');
  });

  it('is ES5: no arrow functions, let/const, classes or template literals', () => {
    const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    expect(code).not.toMatch(/=>|\blet\b|\bconst\b|\bclass\b|`/);
  });
});
