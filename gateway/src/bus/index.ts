export { createBus, EVENTS_TOPIC_PREFIX, NUDGE_TOPIC } from './bus.js';
export type { Bus, BusLogger, BusOptions, EventListener, NudgeListener } from './bus.js';
