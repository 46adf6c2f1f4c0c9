import { useEffect, useRef, useState } from 'react';
import { TicketEvents } from '@guiche/contracts';
import { useSession, useSocketEvent } from '@guiche/web-sdk';
import type { PresenceEvent } from '../api/types.js';

/** A presence fades when the channel stops repeating it. */
const PRESENCE_TTL_MS = 8000;

/** 'typing…' / 'recording…' per ticket id, from company-{id}-presence (inbox.md §4). */
export function usePresence(): Map<number, string> {
  const { user } = useSession();
  const [presence, setPresence] = useState<Map<number, string>>(new Map());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((timer) => clearTimeout(timer));
  }, []);

  useSocketEvent<PresenceEvent>(user ? TicketEvents.presence(user.companyId) : null, (event) => {
    if (!event || typeof event.ticketId !== 'number') return;
    const { ticketId } = event;
    const active = event.presence === 'composing' || event.presence === 'recording';
    clearTimeout(timers.current.get(ticketId));
    setPresence((old) => {
      const next = new Map(old);
      if (active) next.set(ticketId, event.presence);
      else next.delete(ticketId);
      return next;
    });
    if (active) {
      timers.current.set(
        ticketId,
        setTimeout(() => {
          setPresence((old) => {
            const next = new Map(old);
            next.delete(ticketId);
            return next;
          });
        }, PRESENCE_TTL_MS),
      );
    }
  });
  return presence;
}
