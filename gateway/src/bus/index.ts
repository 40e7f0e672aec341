export { AskError, createBus, EVENTS_TOPIC_PREFIX, NUDGE_TOPIC } from './bus.js';
export type { Answerer, Bus, BusLogger, BusOptions, AccessListener, EventListener, NudgeListener, Question } from './bus.js';
