export * from './cursor.ts';
export * from './resource.service.ts';
export * from './resource.routes.ts';
export * from './writable.ts';
export * from './grouped.ts';
