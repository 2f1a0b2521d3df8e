export * from './auto-earn.js';
export * from './clearing.js';
export * from './fixed.js';
export * from './flexible.js';
