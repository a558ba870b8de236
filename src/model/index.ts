export * from './callOutcome.js';
export * from './events.js';
export * from './hints.js';
export * from './observation.js';
export * from './report.js';
export * from './setupError.js';
