export * from './auth.schema.ts';
export * from './second-factor.schema.ts';
export * from './user.schema.ts';
export * from './role.schema.ts';
export * from './audit.schema.ts';
export * from './legal.schema.ts';
export * from './mail.schema.ts';
export * from './identity.api.ts';
