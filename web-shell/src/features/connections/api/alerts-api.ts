import { api } from '@guiche/web-sdk';

/** A connection down now or dropping repeatedly within the hour (GET /connection-alerts, issue #31). */
export interface ConnectionAlert {
  connectionId: number;
  name: string;
  channel: string;
  status: string;
  downSince: string | null;
  /** Set once the connection stayed down longer than the company's alert minutes. */
  alertedAt: string | null;
  /** Drops in the current series (each less than an hour after the previous). */
  drops: number;
  lastDropAt: string | null;
}

export async function fetchConnectionAlerts(): Promise<ConnectionAlert[]> {
  const { data } = await api.get<ConnectionAlert[]>('/connection-alerts');
  return data;
}
