export * from './clearing.js';
export * from './flexible.js';
