export * from './format.ts';
