import { connectionInputSchema, queueInputSchema, PlanFlags } from '@guiche/contracts';
import { hashPassword } from '../auth/password.js';
import { createConnection } from '../connections/service.js';
import { createQueue } from '../domain/queues-write.js';
import { SUPER_COMPANY_ID } from '../domain/seed.js';
import type { CoreServices } from '../services.js';

/** The demo company's known credentials (embedded default only; printed at start). */
export const DEMO = {
  company: 'Guichê Demo',
  adminEmail: 'admin@demo.guiche.local',
  agents: [
    { name: 'Ana Atendente', email: 'ana@demo.guiche.local' },
    { name: 'Bruno Atendente', email: 'bruno@demo.guiche.local' },
  ],
  password: 'Demo@1234',
  /** Platform setting (company 1) written once: a demo deleted later is not seeded again. */
  marker: 'demoSeededAt',
} as const;

export interface DemoInfo {
  companyId: number;
  adminEmail: string;
  agents: string[];
  password: string;
  /** Token of the demo's webchat connection, for the widget on /demo. */
  token: string;
}

/** The demo as it is in the database now, or null when it is not there. */
export async function demoInfo(core: CoreServices): Promise<DemoInfo | null> {
  const admin = await core.db('users').whereRaw('lower(email) = ?', [DEMO.adminEmail]).first('companyId');
  if (!admin) return null;
  const connection = await core.db('whatsapps').where({ companyId: admin.companyId, channel: 'webchat' }).orderBy('id').first('token');
  if (!connection) return null;
  return {
    companyId: admin.companyId,
    adminEmail: DEMO.adminEmail,
    agents: DEMO.agents.map((a) => a.email),
    password: DEMO.password,
    token: connection.token,
  };
}

/**
 * First start on the embedded default: a demo company with an admin, two agents (each in a queue,
 * and seeing tickets without a queue, where a new visitor's ticket lands until the bot routes),
 * two queues and a webchat connection. Idempotent; never runs against a DATABASE_URL or with DEMO=0.
 */
export async function seedDemo(core: CoreServices): Promise<DemoInfo | null> {
  if (core.config.DATABASE_URL || !core.config.DEMO) return null;
  const existing = await demoInfo(core);
  if (existing) return existing;
  if (await core.db('settings').where({ companyId: SUPER_COMPANY_ID, key: DEMO.marker }).first('id')) return null;

  const passwordHash = await hashPassword(DEMO.password);
  const { companyId, agentIds } = await core.db.transaction(async (trx) => {
    const flags = Object.fromEntries(PlanFlags.map((f) => [f, true]));
    const [plan] = await trx('plans')
      .insert({ name: 'Demo', users: 10, connections: 10, queues: 10, amount: 0, isPublic: false, ...flags })
      .onConflict('name')
      .merge()
      .returning('id');
    const [company] = await trx('companies')
      .insert({ name: DEMO.company, email: DEMO.adminEmail, planId: plan.id, status: true, dueDate: '2999-12-31', recurrence: 'ANUAL' })
      .returning('id');
    const base = { companyId: company.id, passwordHash, allTicket: 'enable' };
    await trx('users').insert({ ...base, name: 'Admin Demo', email: DEMO.adminEmail, profile: 'admin', showDashboard: true, allowConnections: true });
    const agents = await trx('users')
      .insert(DEMO.agents.map((a) => ({ ...base, name: a.name, email: a.email, profile: 'user' })))
      .returning('id');
    return { companyId: company.id as number, agentIds: agents.map((a: { id: number }) => a.id) };
  });

  const sales = await createQueue(core, companyId, queueInputSchema.parse({ name: 'Vendas', color: '#2e7d32', greetingMessage: 'Olá! Você está falando com Vendas.', userIds: agentIds }));
  const support = await createQueue(core, companyId, queueInputSchema.parse({ name: 'Suporte', color: '#1565c0', greetingMessage: 'Olá! Você está falando com o Suporte.', userIds: [agentIds[1]!] }));
  await createConnection(core, companyId, connectionInputSchema.parse({ name: 'Site', channel: 'webchat', isDefault: true, queueIds: [sales.id, support.id] }));
  await core.settings.set(SUPER_COMPANY_ID, DEMO.marker, new Date().toISOString());
  return demoInfo(core);
}

/** What the start command prints about the demo. */
export function demoBanner(info: DemoInfo, url: string): string[] {
  return [
    `  Demo: open ${url}/demo and write in the chat as a visitor; in another tab sign in at ${url}/login`,
    `        as ${info.agents[0]} (agent) or ${info.adminEmail} (admin), password ${info.password}, and answer.`,
    '        DEMO=0 turns the demo off.',
  ];
}
