import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession, useSocketEvent } from '@guiche/web-sdk';
import { WEBHOOK_LOG_PAGE_SIZE, WebhookEvents, type WebhookAttempt, type WebhookSubscription } from '@guiche/contracts';
import { fetchAttempts, fetchWebhooks } from './api';

export const webhookKeys = {
  list: ['webhooks', 'list'] as const,
  attempts: (id: number) => ['webhooks', 'attempts', id] as const,
};

type SubscriptionEvent = { action: 'update'; subscription: WebhookSubscription } | { action: 'delete'; subscriptionId: number };
type AttemptEvent = { action: 'create'; subscriptionId: number; attempt: WebhookAttempt };
type List = Awaited<ReturnType<typeof fetchWebhooks>>;

/** The company's subscriptions, kept current by company-{id}-webhook (e.g. switched off after failures). */
export function useWebhooks() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  useSocketEvent<SubscriptionEvent>(user ? WebhookEvents.subscription(user.companyId) : null, (event) => {
    queryClient.setQueryData<List>(webhookKeys.list, (list) => {
      if (!list) return list;
      if (event.action === 'delete') return { ...list, webhooks: list.webhooks.filter((w) => w.id !== event.subscriptionId) };
      const known = list.webhooks.some((w) => w.id === event.subscription.id);
      return { ...list, webhooks: known ? list.webhooks.map((w) => (w.id === event.subscription.id ? event.subscription : w)) : [...list.webhooks, event.subscription] };
    });
  });
  return useQuery({ queryKey: webhookKeys.list, queryFn: fetchWebhooks });
}

/** One subscription's delivery log, newest first; each attempt made anywhere is added live. */
export function useAttempts(subscriptionId: number | null) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  useSocketEvent<AttemptEvent>(user && subscriptionId ? WebhookEvents.attempt(user.companyId) : null, (event) => {
    if (event.subscriptionId !== subscriptionId) return;
    queryClient.setQueryData<WebhookAttempt[]>(webhookKeys.attempts(event.subscriptionId), (list) =>
      list ? [event.attempt, ...list.filter((a) => a.id !== event.attempt.id)].slice(0, WEBHOOK_LOG_PAGE_SIZE) : list,
    );
  });
  return useQuery({ queryKey: webhookKeys.attempts(subscriptionId ?? 0), queryFn: () => fetchAttempts(subscriptionId!), enabled: subscriptionId !== null });
}
