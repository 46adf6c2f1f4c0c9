import type { Ticket } from '../src/features/tickets/api/types.js';

let next = 1;

/** A ticket as the API answers it, with only what a test cares about changed. */
export function ticket(over: Partial<Ticket> = {}): Ticket {
  const id = over.id ?? next++;
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    companyId: 1,
    contactId: over.contactId ?? 1000 + id,
    whatsappId: 1,
    userId: null,
    queueId: 10,
    status: 'pending',
    channel: 'whatsapp',
    isGroup: false,
    unreadMessages: 0,
    lastMessage: 'hello',
    contact: { id: over.contactId ?? 1000 + id, name: `Contact ${id}`, number: '5511999990000' } as Ticket['contact'],
    queue: { id: 10, name: 'Sales', color: '#ff0000' },
    user: null,
    whatsapp: null,
    tags: [],
    ...over,
  };
}
