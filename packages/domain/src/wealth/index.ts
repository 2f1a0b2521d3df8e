export * from './nav.js';
