import { z } from 'zod';
import { V } from './messages.js';
import { isValidCpfOrCnpj, onlyDigits } from './validators.js';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const loginSchema = z.object({
  email: z.string({ error: V.loginEmail }).trim().regex(emailPattern, V.loginEmail),
  password: z.string({ error: V.loginPassword }).min(6, V.loginPassword).max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z.object({
  companyName: z.string({ error: V.required }).trim().min(1, V.required).min(2, V.tooShort).max(50, V.tooLong),
  name: z.string({ error: V.required }).trim().min(1, V.required).min(2, V.tooShort).max(50, V.tooLong),
  email: z.string({ error: V.required }).trim().email(V.invalidEmail).max(120),
  phone: z
    .string({ error: V.required })
    .transform(onlyDigits)
    .refine((v) => v.length === 11, V.phone11),
  document: z
    .string({ error: V.document })
    .refine(isValidCpfOrCnpj, V.document)
    .transform(onlyDigits),
  password: z
    .string({ error: V.required })
    .min(8, V.passwordWeak)
    .max(100, V.tooLong)
    .regex(/[a-z]/, V.passwordWeak)
    .regex(/[A-Z]/, V.passwordWeak),
  planId: z.coerce.number({ error: V.required }).int().positive(V.required),
  termo: z.literal(true, { error: V.terms }),
  companyId: z.coerce.number().int().positive().optional().nullable(),
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
