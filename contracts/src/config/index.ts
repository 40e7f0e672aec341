// `@airloom/contracts/config`: configuration sections, their schemas and rules, and the model
// catalogue (ARCHITECTURE §5, §7). A subpath of its own: the console's shell shares the main entry
// with every remote whole (Module Federation does not tree-shake a shared module), so what only the
// gateway, the simulator and the configuration screens need stays out of the login page.
export * from './sections.js';
export * from '../domain/models.js';
export * from './gateway.js';
export * from './switch.js';
export * from './wireless-policies.js';
export { CONFIG_RULE_CODES, configErrorCode, netconfKey } from './keys.js';
/** the texts of the configuration rules (i18n namespace `rules`): added by the screens that show them */
export { enNetconfRules } from './en-netconf.js';
export * from './radio.js';
export { enRadioRules } from './en-radio.js';
