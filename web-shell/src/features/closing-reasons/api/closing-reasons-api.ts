import { api } from '@guiche/web-sdk';
import type { ClosingReason } from '@guiche/contracts';

export interface ClosingReasonFormInput {
  name: string;
  color: string;
  active: boolean;
}

export const closingReasonKeys = {
  all: ['closing-reasons'] as const,
};

/** GET /closing-reasons: admins get every reason, other users the active ones. */
export async function fetchClosingReasons(): Promise<ClosingReason[]> {
  const { data } = await api.get<ClosingReason[]>('/closing-reasons');
  return data;
}

export async function createClosingReason(input: ClosingReasonFormInput): Promise<ClosingReason> {
  const { data } = await api.post<ClosingReason>('/closing-reasons', input);
  return data;
}

export async function updateClosingReason(id: number, input: Partial<ClosingReasonFormInput>): Promise<ClosingReason> {
  const { data } = await api.put<ClosingReason>(`/closing-reasons/${id}`, input);
  return data;
}

export async function deleteClosingReason(id: number): Promise<void> {
  await api.delete(`/closing-reasons/${id}`);
}
