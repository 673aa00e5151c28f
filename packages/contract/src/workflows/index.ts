export * from './content.ts';
export * from './consumer.ts';
