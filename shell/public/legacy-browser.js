/*
 * Old Internet Explorer gets a "use another browser" notice instead of the console (spec §1).
 * Loaded by index.html before the bundle, as a file (CSP is script-src 'self': no inline script).
 * ES5 only, so that every old browser can at least parse this file. The text is English (spec §1)
 * and lives here because i18next is part of the bundle this browser cannot run.
 */
(function (global) {
  'use strict';

  var TITLE = 'This browser is not supported';
  var TEXT = 'Airloom needs a current web browser. Please use another browser, such as the latest ' +
    'Chrome, Edge, Firefox or Safari, to open the console.';

  /** IE 8–11 expose document.documentMode; IE 10 and older say "MSIE ", IE 11 says "Trident/". */
  function isOldInternetExplorer(userAgent, documentMode) {
    if (typeof documentMode === 'number') return true;
    return /MSIE |Trident\//.test(String(userAgent || ''));
  }

  function showNotice(doc) {
    var body = doc.body;
    if (!body) return;
    while (body.firstChild) body.removeChild(body.firstChild);
    var main = doc.createElement('main');
    main.setAttribute('id', 'unsupported-browser');
    main.style.cssText = 'max-width:560px;margin:80px auto;padding:24px;font-family:Arial,sans-serif;color:#1f2933;';
    var heading = doc.createElement('h1');
    heading.appendChild(doc.createTextNode(TITLE));
    var text = doc.createElement('p');
    text.appendChild(doc.createTextNode(TEXT));
    main.appendChild(heading);
    main.appendChild(text);
    body.appendChild(main);
    doc.title = TITLE;
  }

  global.airloomLegacyBrowser = { isOldInternetExplorer: isOldInternetExplorer, showNotice: showNotice };

  var doc = global.document;
  if (!doc || !isOldInternetExplorer(global.navigator && global.navigator.userAgent, doc.documentMode)) return;

  // The bundle reads this flag and does not start (if the browser can parse it at all).
  global.__AIRLOOM_UNSUPPORTED_BROWSER__ = true;
  if (doc.readyState === 'complete' || doc.readyState === 'interactive') {
    showNotice(doc);
  } else if (global.addEventListener) {
    global.addEventListener('load', function () { showNotice(doc); }, false);
  } else if (global.attachEvent) {
    global.attachEvent('onload', function () { showNotice(doc); });
  }
})(this);
