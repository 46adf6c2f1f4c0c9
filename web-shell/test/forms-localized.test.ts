import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { signupSchema } from '@guiche/contracts';
import { i18n, SupportedLanguages, translationsReady, zodFormikValidate } from '@guiche/web-sdk';
import { registerShellTranslations, SHELL_NS } from '../src/locales/index.js';
import { contactFormSchema, EMPTY_CONTACT } from '../src/features/contacts/lib/contact-form.js';
import { USER_DEFAULTS, userFormSchema } from '../src/features/users/lib/user-form.js';
import { queueFormSchema, queueFormValues } from '../src/features/queues/lib/queue-form.js';
import { chatbotFormSchema, chatbotFormValues } from '../src/features/queues/lib/chatbot.js';
import { NS as QUEUES_NS } from '../src/features/queues/i18n/register.js';

/**
 * Issue #32: the Portuguese UI showed "Required", "Too Short!", "Invalid email". Every form is
 * validated empty and with too-short values in each language; each message must be a translation
 * (never a raw key) and, outside English, must not be the English text (nor English the Portuguese).
 */
type Errors = Record<string, unknown>;

// The remotes' form rules, read from their sources as locales-complete.test.ts reads their locales.
const remote = async <T>(file: string) => (await import(pathToFileURL(path.resolve(import.meta.dirname, '../../web-modules', file)).href)) as T;
type SchemaOf<K extends string> = Record<K, z.ZodType>;
const { integrationFormSchema, integrationFormValues } = await remote<SchemaOf<'integrationFormSchema'> & { integrationFormValues: () => object }>('queue-integrations/src/lib/integration-form.ts');
const { NS: INTEGRATIONS_NS } = await remote<{ NS: string }>('queue-integrations/src/i18n/register.ts');
const { campaignFormSchema, campaignFormValues } = await remote<SchemaOf<'campaignFormSchema'> & { campaignFormValues: () => object }>('campaigns/src/lib/campaign-form.ts');
const { contactListItemSchema, contactListNameSchema } = await remote<SchemaOf<'contactListItemSchema' | 'contactListNameSchema'>>('campaigns/src/lib/contact-list-forms.ts');
const { NS: CAMPAIGNS_NS } = await remote<{ NS: string }>('campaigns/src/i18n/register.ts');
const { validate: validateSendTest } = await remote<{
  validate: (values: { token: string; number: string; body: string; files?: File[] }, kind: 'text' | 'media') => Record<string, string | undefined>;
}>('external-api/src/lib/send.ts');
type Form = { name: string; cases: Record<string, () => Errors> };

const zodForm = (schema: z.ZodType, values: object) => () => zodFormikValidate<object>(schema)(values) as Errors;
const translatedKeys = (errors: Record<string, string | undefined>) => () => Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, i18n.t(v!)]));

const signupEmpty = { companyName: '', name: '', phone: '', document: '', email: '', password: '', planId: '', termo: false, companyId: null };

const FORMS: Form[] = [
  { name: 'contact', cases: { empty: zodForm(contactFormSchema, { ...EMPTY_CONTACT }), short: zodForm(contactFormSchema, { ...EMPTY_CONTACT, name: 'a', number: '123', email: 'x' }) } },
  { name: 'user', cases: { empty: zodForm(userFormSchema(true), { ...USER_DEFAULTS }), short: zodForm(userFormSchema(true), { ...USER_DEFAULTS, name: 'a', email: 'x', password: 'ab' }) } },
  { name: 'queue', cases: { empty: zodForm(queueFormSchema, { ...queueFormValues(undefined, ''), color: '' }), short: zodForm(queueFormSchema, { ...queueFormValues(undefined, '#1'), name: 'a' }) } },
  { name: 'chatbot option', cases: { empty: zodForm(chatbotFormSchema, chatbotFormValues()), short: zodForm(chatbotFormSchema, { ...chatbotFormValues(), name: 'ab' }) } },
  { name: 'integration', cases: { empty: zodForm(integrationFormSchema, { ...integrationFormValues() }), short: zodForm(integrationFormSchema, { ...integrationFormValues(), name: 'a' }) } },
  { name: 'campaign', cases: { empty: zodForm(campaignFormSchema, { ...campaignFormValues() }), short: zodForm(campaignFormSchema, { ...campaignFormValues(), name: 'a' }) } },
  { name: 'contact list', cases: { empty: zodForm(contactListNameSchema, { name: '' }) } },
  { name: 'contact list item', cases: { empty: zodForm(contactListItemSchema, { name: '', number: '', email: '' }), short: zodForm(contactListItemSchema, { name: 'a', number: '12', email: 'x' }) } },
  { name: 'signup', cases: { empty: zodForm(signupSchema, signupEmpty), short: zodForm(signupSchema, { ...signupEmpty, companyName: 'a', name: 'a', email: 'x', phone: '12', password: 'ab', document: '1' }) } },
  {
    name: 'messages-api test',
    cases: {
      emptyText: () => translatedKeys(validateSendTest({ token: '', number: '', body: '' }, 'text'))(),
      emptyMedia: () => translatedKeys(validateSendTest({ token: ' ', number: '12', body: '', files: [] }, 'media'))(),
    },
  },
];

const flat = (errors: Errors, prefix = ''): [string, string][] =>
  Object.entries(errors).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v] as [string, string]] : v && typeof v === 'object' ? flat(v as Errors, `${prefix}${k}.`) : []));

async function messagesIn(language: string, run: () => Errors): Promise<Map<string, string>> {
  await i18n.changeLanguage(language);
  return new Map(flat(run()));
}

describe('form validation messages speak the UI language', () => {
  beforeAll(async () => {
    registerShellTranslations();
    await translationsReady([SHELL_NS, QUEUES_NS, INTEGRATIONS_NS, CAMPAIGNS_NS]);
    await i18n.loadLanguages([...SupportedLanguages]);
  });

  const cases = FORMS.flatMap((form) => Object.entries(form.cases).map(([label, run]) => [`${form.name} (${label})`, run] as const));

  it.each(cases)('%s', async (_name, run) => {
    const english = await messagesIn('en', run);
    expect(english.size, 'the case finds problems').toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const language of SupportedLanguages) {
      const messages = await messagesIn(language, run);
      expect([...messages.keys()].sort(), language).toEqual([...english.keys()].sort());
      const portuguese = language === 'en' ? await messagesIn('pt', run) : null;
      await i18n.changeLanguage(language);
      for (const [field, message] of messages) {
        if (/^[\w-]+[:.][\w.]+$/.test(message) || i18n.exists(message)) wrong.push(`${language} ${field}: raw key ${message}`);
        if (language !== 'en' && message === english.get(field)) wrong.push(`${language} ${field}: English "${message}"`);
        if (portuguese && message === portuguese.get(field)) wrong.push(`en ${field}: Portuguese "${message}"`);
      }
    }
    await i18n.changeLanguage('pt');
    expect(wrong).toEqual([]);
  });

  it('says the spec texts in Portuguese, and asks for a plan on sign-up', async () => {
    await i18n.changeLanguage('pt');
    expect(zodFormikValidate(contactFormSchema)({ ...EMPTY_CONTACT, name: '', email: 'x' })).toEqual({ name: 'Obrigatório', number: 'Obrigatório', email: 'E-mail inválido' });
    expect(zodFormikValidate(signupSchema)(signupEmpty)).toMatchObject({ planId: 'Escolha um plano.' });
    await i18n.changeLanguage('en');
    expect(zodFormikValidate(contactFormSchema)({ ...EMPTY_CONTACT, name: 'a', email: 'x' })).toEqual({ name: 'Too Short!', number: 'Required', email: 'Invalid email' });
    expect(zodFormikValidate(signupSchema)(signupEmpty)).toMatchObject({ planId: 'Choose a plan.' });
    await i18n.changeLanguage('pt');
  });
});
