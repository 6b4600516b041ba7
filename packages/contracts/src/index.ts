export * from './common';
export * from './video-id';
export * from './auth';
export * from './analysis';
export * from './cluster';
export * from './notes';
export * from './config';
export * from './workspaces';
