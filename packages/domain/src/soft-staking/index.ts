export * from './reward.js';
