export * from './helpdesk-enums.ts';
export * from './ticket.schema.ts';
export * from './faq.schema.ts';
export * from './message-template.schema.ts';
export * from './rating.schema.ts';
export * from './chat.schema.ts';
export * from './app.schema.ts';
export * from './report.schema.ts';
