import { z } from 'zod';
import { id, int, PG_INT_MAX, text } from './primitives.js';
import { V } from './messages.js';
import { isValidCpfOrCnpj, onlyDigits } from './validators.js';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const loginSchema = z.object({
  email: text(200, { trim: true, error: V.loginEmail, tooLong: V.loginEmail }).regex(emailPattern, V.loginEmail),
  password: text(200, { error: V.loginPassword }).min(6, V.loginPassword),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z.object({
  companyName: text(50, { trim: true }).min(1, V.required).min(2, V.tooShort),
  name: text(50, { trim: true }).min(1, V.required).min(2, V.tooShort),
  email: text(120, { trim: true }).email(V.invalidEmail),
  phone: text(40)
    .transform(onlyDigits)
    .refine((v) => v.length === 11, V.phone11),
  document: text(30, { error: V.document, tooLong: V.document })
    .refine(isValidCpfOrCnpj, V.document)
    .transform(onlyDigits),
  password: text(100)
    .min(8, V.passwordWeak)
    .regex(/[a-z]/, V.passwordWeak)
    .regex(/[A-Z]/, V.passwordWeak),
  /** The form sends '' until a plan is picked: any value that is not a plan id asks to choose one. */
  planId: int(1, PG_INT_MAX, V.choosePlan),
  termo: z.literal(true, { error: V.terms }),
  companyId: id.optional().nullable(),
});
export type SignupInput = z.infer<typeof signupSchema>;

/** The user as the session sees it (POST /auth/login, /auth/refresh_token, GET /auth/me). */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  profile: 'admin' | 'user';
  super: boolean;
  companyId: number;
  language: string | null;
  profileImage: string | null;
  defaultTheme: 'light' | 'dark';
  defaultMenu: 'open' | 'closed';
  showDashboard: boolean;
  allowRealTime: boolean;
  allowConnections: boolean;
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
  startWork: string;
  endWork: string;
  farewellMessage: string | null;
  whatsappId: number | null;
  queues: { id: number; name: string; color: string }[];
  company: {
    id: number;
    name: string;
    dueDate: string | null;
    companieSettings: Record<string, string>;
  };
}

export interface AuthResponse {
  token: string;
  user: SessionUser;
  /** Plan flags of the user's company, so the web knows which modules to load. */
  planFlags: Record<string, boolean>;
  /** True when the company's due date has passed: the web sends the user to /financeiro-aberto. */
  subscriptionExpired: boolean;
}
