export * from './content.ts';
export * from './consumer.ts';
export * from './order.ts';
