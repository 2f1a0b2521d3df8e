export * from './account.js';
export * from './admin.js';
export * from './common.js';
export * from './inbox.js';
export * from './launchpool.js';
export * from './market.js';
export * from './notifications.js';
export * from './simple-earn.js';
