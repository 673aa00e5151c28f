export * from './stamp-enums.ts';
export * from './stamp-earning.ts';
export * from './stamp-programme.schema.ts';
export * from './stamp-reward.schema.ts';
export * from './stamp-app.schema.ts';
export * from './stamps.api.ts';
