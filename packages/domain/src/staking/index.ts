export * from './debt.js';
export * from './exchange-rate.js';
export * from './redemption.js';
export * from './reward.js';
export * from './stake.js';
