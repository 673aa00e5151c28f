import { enumTable } from '../enums/enum-table.ts';

/** Ticket status of section 3: 1 Unread, 2 Read, 3 Unsolved, 4 Solved. */
export const TICKET_STATUS = enumTable([
  { value: 1, label: 'Unread', labelId: 'Belum Dibaca', color: 'orange' },
  { value: 2, label: 'Read', labelId: 'Dibaca', color: 'blue' },
  { value: 3, label: 'Unsolved', labelId: 'Belum Selesai', color: 'red' },
  { value: 4, label: 'Solved', labelId: 'Selesai', color: 'green' },
] as const);
export type TicketStatus = (typeof TICKET_STATUS.values)[number];

/** A chat is Unread (1) while the consumer's newest message waits for an agent to open it (spec §9: unread count uses status 1). */
export const CHAT_STATUS = enumTable([
  { value: 1, label: 'Unread', labelId: 'Belum Dibaca', color: 'orange' },
  { value: 2, label: 'Read', labelId: 'Dibaca', color: 'green' },
] as const);

/** Who wrote a message of a ticket or a chat. */
export const MESSAGE_SENDER = enumTable([
  { value: 1, label: 'Consumer', labelId: 'Konsumen', color: 'blue' },
  { value: 2, label: 'Agent', labelId: 'Agen', color: 'green' },
] as const);

/** Rating score 1 to 5 stars. */
export const RATING_SCORE = { min: 1, max: 5 } as const;

/** Assignee picker: up to 1000 users (spec §9). */
export const ASSIGNEE_SEARCH_LIMIT = 1000;

/** What states allow which ticket action; the server enforces, the UI offers only what is allowed. */
export const TICKET_ACTIONS = {
  reply: [1, 2, 3],
  assign: [1, 2, 3],
  close: [1, 2, 3],
} as const satisfies Record<string, readonly TicketStatus[]>;
export type TicketAction = keyof typeof TICKET_ACTIONS;
export const ticketAllows = (action: TicketAction, status: number): boolean => (TICKET_ACTIONS[action] as readonly number[]).includes(status);

export const HELP_CENTER_ENTRIES = ['cms.help-center'] as const;
export const FAQ_ENTRIES = ['cms.faq'] as const;
export const MESSAGE_TEMPLATE_ENTRIES = ['cms.chatbot'] as const;
export const RATING_ENTRIES = ['cms.rating'] as const;
export const CHATLIVE_ENTRIES = ['cms.chatlive'] as const;
