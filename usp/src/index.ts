export * from './codec.js';
export * from './messages.js';
export * from './topics.js';
export * from './paths.js';
export * from './errors.js';
export * from './vocabulary.js';
