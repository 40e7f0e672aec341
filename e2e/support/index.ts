export { freePort, repoRoot, startConsole } from './console';
export type { RunningConsole, StartOptions } from './console';
export { CHROMIUM_PATH, launchChromium } from './browser';
export { axeViolations } from './axe';
export type { AxeImpact, AxeOptions } from './axe';
