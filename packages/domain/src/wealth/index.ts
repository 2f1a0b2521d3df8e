export * from './nav.js';
export * from './valuation.js';
