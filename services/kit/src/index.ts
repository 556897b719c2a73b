import 'reflect-metadata';

export * from './env';
export * from './logger';
export * from './keys';
export * from './database';
export * from './provision';
export * from './messaging-tables';
export * from './outbox';
export * from './event-bus';
export * from './unit-of-work';
export * from './auth';
export * from './redis';
export * from './queues';
export * from './lifecycle';
export * from './process-guards';
export * from './subgraph';
export * from './user-errors';
export * from './null-bytes';
