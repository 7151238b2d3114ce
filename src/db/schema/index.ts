export * from './auth';
export * from './outbox';
export * from './users';
export * from './customers';
