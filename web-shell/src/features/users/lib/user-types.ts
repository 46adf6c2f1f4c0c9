/** A user as GET /users (admin view), GET /users/{id} and the company-{id}-user event carry it. */
export interface CompanyUser {
  id: number;
  companyId: number;
  name: string;
  email: string;
  profile: 'admin' | 'user';
  super?: boolean;
  online: boolean;
  profileImage: string | null;
  startWork: string;
  endWork: string;
  farewellMessage: string | null;
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
  defaultTheme: 'light' | 'dark';
  defaultMenu: 'open' | 'closed';
  whatsappId: number | null;
  showDashboard: boolean;
  allowRealTime: boolean;
  allowConnections: boolean;
  language: string | null;
  queues: { id: number; name: string; color: string }[];
}

/** company-{id}-user: { action: create | update, user } or { action: delete, userId }. */
export type UserEvent = { action: 'create' | 'update'; user: CompanyUser } | { action: 'delete'; userId: number };

export interface Option {
  id: number;
  name: string;
  color?: string;
}
