export * from './format.ts';
export * from './terbilang.ts';
