import { useEffect, useMemo, useState } from 'react';
import type { TicketStatus } from '@guiche/contracts';
import { can, isAdmin, useSession } from '@guiche/web-sdk';
import { readQueueSelection, selectableQueueIds, writeQueueSelection } from '../lib/queue-selection.js';
import type { OpenTab, TicketView } from '../lib/ticket-filters.js';
import { useQueueChoices } from './useQueueChoices.js';

/** Everything the list panel's controls hold; lives on the page so it survives the narrow-screen tabs. */
export function useListControls() {
  const { user } = useSession();
  const admin = isAdmin(user);
  const { queues, loading: queuesLoading } = useQueueChoices();
  const [view, setView] = useState<TicketView>('open');
  const [tab, setTab] = useState<OpenTab>('open');
  const [showAll, setShowAll] = useState(false);
  const [search, setSearch] = useState('');
  const [tags, setTags] = useState<number[]>([]);
  const [whatsapps, setWhatsapps] = useState<number[]>([]);
  const [statuses, setStatuses] = useState<TicketStatus[]>([]);
  const [users, setUsers] = useState<number[]>([]);
  const [myWallet, setMyWallet] = useState(false);

  const available = useMemo(() => selectableQueueIds(queues.map((q) => q.id)), [queues]);
  const [queueIds, setQueueIdsState] = useState<number[] | null>(null);
  useEffect(() => {
    if (!user || queuesLoading) return;
    setQueueIdsState(readQueueSelection(localStorage, user.id, available));
  }, [user, queuesLoading, available]);

  const setQueueIds = (ids: number[]) => {
    setQueueIdsState(ids);
    if (user) writeQueueSelection(localStorage, user.id, ids);
  };

  return {
    isAdmin: admin,
    canShowAll: can(user, 'tickets-manager:showall'),
    canCloseAll: can(user, 'tickets-manager:closeAll'),
    queues,
    /** null until the stored choice has been read. */
    queueIds,
    setQueueIds,
    view,
    setView,
    tab,
    setTab,
    showAll,
    setShowAll,
    search,
    setSearch,
    tags,
    setTags,
    whatsapps,
    setWhatsapps,
    statuses,
    setStatuses,
    users,
    setUsers,
    myWallet,
    setMyWallet,
    clearFilters() {
      setTags([]);
      setWhatsapps([]);
      setStatuses([]);
      setUsers([]);
    },
  };
}

export type ListControlsState = ReturnType<typeof useListControls>;
