// i18next setup (ARCHITECTURE §1): contracts' `en` ({errors, rules, enums}) + shared-ui's `common`.
// Keys are written `namespace.key` (e.g. `rules.projectName.max`, the message a contracts schema
// fails with): nsSeparator equals keySeparator, and i18next then treats the first segment as the
// namespace only when it is a registered namespace, so `t(issue.message)` works as is.
import i18next, { type i18n as I18n, type Resource, type ResourceKey } from 'i18next';
import { en } from '@airloom/contracts';
import { commonEn } from './common-en';

export type { I18n };

const BASE_NAMESPACES = ['common', 'errors', 'rules', 'enums'] as const;

/** Creates an initialised i18next instance (synchronous: all resources are bundled). */
export function createI18n(extra: Resource = {}): I18n {
  const contractTexts = (en ?? {}) as Record<string, ResourceKey>;
  const english: Record<string, ResourceKey> = { ...contractTexts, common: commonEn, ...(extra.en ?? {}) };
  const instance = i18next.createInstance();
  void instance.init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en'],
    resources: { en: english },
    ns: [...new Set([...BASE_NAMESPACES, ...Object.keys(english)])],
    defaultNS: 'common',
    nsSeparator: '.',
    keySeparator: '.',
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: false },
  });
  return instance;
}

/**
 * The one instance shared by the shell and every remote (shared-ui is a Module Federation
 * singleton, so they all get this same object).
 */
export const i18n: I18n = createI18n();

/** Lets a remote add its own namespace (e.g. `overview`); keys then read `overview.some.key`. */
export function addResources(ns: string, resources: ResourceKey, instance: I18n = i18n): void {
  instance.addResourceBundle('en', ns, resources, true, true);
  const registered = instance.options.ns;
  if (Array.isArray(registered) && !registered.includes(ns)) registered.push(ns);
  else if (typeof registered === 'string' && registered !== ns) instance.options.ns = [registered, ns];
}
