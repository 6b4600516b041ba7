export * from './app';
export * from './axe';
export * from './browser';
export * from './build';
export * from './paths';
export * from './server';
export * from './outbox';
export * from './session';
