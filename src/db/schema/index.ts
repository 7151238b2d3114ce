export * from './auth';
export * from './customers';
export * from './email-templates';
export * from './order-settings';
export * from './orders';
export * from './outbox';
export * from './pdf';
export * from './users';
