import { api } from '@guiche/web-sdk';
import type { BirthdayConnection, BirthdayTemplate } from '@guiche/contracts';

/** GET /birthdays/templates (admins): each Cloud API connection with its birthday template and skipped greetings. */
export async function fetchBirthdayTemplates(): Promise<BirthdayConnection[]> {
  return (await api.get<{ connections: BirthdayConnection[] }>('/birthdays/templates')).data.connections;
}

/** PUT /birthdays/templates/{whatsappId}: the server checks it against the connection's approved templates. */
export async function saveBirthdayTemplate(whatsappId: number, template: BirthdayTemplate): Promise<void> {
  await api.put(`/birthdays/templates/${whatsappId}`, template);
}

/** DELETE /birthdays/templates/{whatsappId}. */
export async function removeBirthdayTemplate(whatsappId: number): Promise<void> {
  await api.delete(`/birthdays/templates/${whatsappId}`);
}
