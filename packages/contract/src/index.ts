export * from './common/index.ts';
export * from './enums/index.ts';
export * from './access/index.ts';
export * from './identity/index.ts';
export * from './format/index.ts';
export * from './catalog/index.ts';
