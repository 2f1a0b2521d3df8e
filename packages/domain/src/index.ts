export * from './amount.js';
export * from './codes.js';
export * from './dates.js';
export * from './format.js';
export * from './input.js';
export * from './money.js';
export * from './result.js';
export * from './tickers.js';
