import type { ConnectionAlert } from '@guiche/contracts';
import { api } from '@guiche/web-sdk';

export async function fetchConnectionAlerts(): Promise<ConnectionAlert[]> {
  const { data } = await api.get<ConnectionAlert[]>('/connection-alerts');
  return data;
}
