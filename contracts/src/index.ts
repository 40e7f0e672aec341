// @airloom/contracts — the domain vocabulary of the spec, one face for server and browser.
export * from './limits.js';
export * from './errors.js';
export * from './permissions.js';
export * from './domain/project.js';
export * from './domain/account.js';
export { rules, type Rules, type RuleSchemaName } from './rules/index.js';
export { accountKind, isEmail, isMobile } from './rules/account.js';
export { charLength } from './rules/key.js';
export { en, lookupText, ruleText, text, type EnglishTexts, type TextParams } from './i18n/en.js';
export { interpolate } from './i18n/interpolate.js';
export * from './api/index.js';
