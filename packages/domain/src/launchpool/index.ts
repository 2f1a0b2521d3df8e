export * from './accrual.js';
export * from './pool.js';
export * from './redemption-earn.js';
