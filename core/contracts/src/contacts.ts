import { z } from 'zod';
import { date, id, idsJson, pageNumber, text } from './primitives.js';
import { V } from './messages.js';

/** Validation keys of contacts and tags (namespace "validation"). */
export const ContactV = {
  tagTooShort: 'validation.tagTooShort',
  tagColor: 'validation.tagColor',
  contactNumber: 'validation.contactNumber',
  contactTagFilter: 'validation.contactTagFilter',
  spreadsheetFile: 'validation.spreadsheetFile',
  spreadsheetTooManyRows: 'validation.spreadsheetTooManyRows',
  contactOwner: 'validation.contactOwner',
  birthday: 'validation.birthday',
} as const;

export const ContactChannels = ['whatsapp', 'whatsappapi', 'facebook', 'instagram', 'webchat', 'telegram'] as const;
export type ContactChannel = (typeof ContactChannels)[number];
/** Channels whose contacts are addressed by a phone number (stored as digits only). */
export const PhoneChannels: readonly ContactChannel[] = ['whatsapp', 'whatsappapi'];

export const CONTACTS_PAGE_SIZE = 20;
export const TAGS_PAGE_SIZE = 20;
/** Rows one spreadsheet upload may carry. */
export const CONTACT_IMPORT_MAX_ROWS = 5000;
export const CONTACT_EXPORT_FILE = 'backup_contatos.xlsx';
export const DEFAULT_TAG_COLOR = '#A4CCCC';

/** The stored form of a number: digits only for a phone channel's person; null when nothing usable is left. */
export function normalizeContactNumber(channel: ContactChannel, number: string, isGroup = false): string | null {
  const trimmed = number.trim();
  if (!PhoneChannels.includes(channel) || isGroup) return trimmed || null;
  const digits = trimmed.replace(/\D/g, '');
  return digits.length >= 8 ? digits : null;
}

/** LGPD hide-number: every digit before the last two hidden; group ids are shown as they are. */
export function maskContactNumber(number: string, isGroup: boolean): string {
  if (isGroup || number.length <= 2) return number;
  return number.slice(0, -2).replace(/\d/g, '*') + number.slice(-2);
}

const contactName = text(50, { trim: true }).min(2, V.tooShort);
const contactNumber = text(50, { trim: true }).min(8, V.tooShort);
const contactEmail = z.union([z.literal(''), text(120, { trim: true }).email(V.invalidEmail)]);
const extraInfo = z
  .array(z.object({ name: text(100, { trim: true }).min(1, V.required), value: text(1000).default('') }))
  .max(50, V.tooLong);

/** The contact's owner agent (its wallet, issue #33): a user of the company, or null for none. */
const ownerUserId = id.nullable();
/** "YYYY-MM-DD" (a year is needed: use any when unknown), or null; an empty text clears it. */
const birthday = z.preprocess((v) => (v === '' ? null : v), date(ContactV.birthday).nullable());

/** POST /contacts: the contact form (inbox.md §5). */
export const contactInputSchema = z.object({
  name: contactName,
  number: contactNumber,
  email: contactEmail.default(''),
  channel: z.enum(ContactChannels).default('whatsapp'),
  extraInfo: extraInfo.default([]),
  ownerUserId: ownerUserId.optional(),
  birthday: birthday.optional(),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

/** PUT /contacts/{id}: what is sent changes; extraInfo, when sent, replaces the list. */
export const contactUpdateSchema = z.object({
  name: contactName.optional(),
  number: contactNumber.optional(),
  email: contactEmail.optional(),
  extraInfo: extraInfo.optional(),
  ownerUserId: ownerUserId.optional(),
  birthday: birthday.optional(),
});

/** PUT /contacts/owner: many contacts into one agent's wallet (or out of any, with null). */
export const contactOwnerBulkSchema = z.object({
  contactIds: z.array(id).min(1, V.required).max(1000, V.tooLong),
  ownerUserId,
});

/** POST /contactsImport and each spreadsheet row: one WhatsApp contact created or updated by number. */
export const contactImportRowSchema = z.object({
  name: contactName,
  number: contactNumber,
  email: z.preprocess((v) => (v == null ? '' : v), contactEmail),
  /** The owner agent's e-mail (spreadsheet column "carteira"/"wallet"); a blank leaves the owner as it is. */
  ownerEmail: z.preprocess((v) => (v == null || v === '' ? undefined : v), text(120, { trim: true }).email(ContactV.contactOwner).optional()),
  birthday: z.preprocess((v) => (v == null || v === '' ? undefined : v), date(ContactV.birthday).optional()),
});
export type ContactImportRow = z.infer<typeof contactImportRowSchema>;

/** contactTag: a JSON array of tag ids, as the web sends it. */
const tagIdsJson = idsJson(100, ContactV.contactTagFilter);

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

export const contactsQuerySchema = z.object({
  searchParam: text(200).optional(),
  pageNumber,
  contactTag: tagIdsJson.optional(),
  channel: z.enum(ContactChannels).optional(),
  isGroup: booleanQuery.optional(),
  /** The contacts of this agent's wallet (/wallets). */
  ownerUserId: id.optional(),
});

export const contactsListQuerySchema = z.object({
  searchParam: text(200).optional(),
  channel: z.enum(ContactChannels).optional(),
});

export const contactsExportQuerySchema = z.object({ contactTag: tagIdsJson.optional() });

export const contactBlockSchema = z.object({ active: z.boolean({ error: V.required }) });

const tagColor = z.string().trim().max(9, ContactV.tagColor).regex(/^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/, ContactV.tagColor);
/** The web sends kanban as 0/1; the API also takes a boolean. */
const kanbanFlag = z.union([z.boolean(), z.literal(0).transform(() => false), z.literal(1).transform(() => true)]);

/** POST /tags (outreach-config.md §5: name min 3, required). */
export const tagInputSchema = z.object({
  name: text(50, { trim: true }).min(1, V.required).min(3, ContactV.tagTooShort),
  color: tagColor.default(DEFAULT_TAG_COLOR),
  kanban: kanbanFlag.default(false),
});
export type TagInput = z.infer<typeof tagInputSchema>;

export const tagUpdateSchema = z.object({
  name: tagInputSchema.shape.name.optional(),
  color: tagColor.optional(),
  kanban: kanbanFlag.optional(),
});

const kanbanQuery = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

export const tagsQuerySchema = z.object({
  searchParam: text(200).optional(),
  pageNumber,
  kanban: kanbanQuery.optional(),
});

export const tagsListQuerySchema = z.object({ kanban: kanbanQuery.optional() });

/** POST /tags/sync: the contact's whole tag set (the web sends tag objects; ids also accepted). */
export const tagSyncSchema = z.object({
  contactId: id,
  tags: z
    .array(z.union([id, z.object({ id }).transform((t) => t.id)]))
    .max(100, V.tooLong),
});

export interface ContactExtraInfo {
  id: number;
  name: string;
  value: string;
}

export interface Tag {
  id: number;
  name: string;
  color: string;
  kanban: boolean;
  userId: number | null;
  contactsCount?: number;
  createdAt: string;
  updatedAt: string;
}

export interface Contact {
  id: number;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string | null;
  urlPicture: string | null;
  active: boolean;
  disableBot: boolean;
  acceptAudioMessage: boolean;
  lgpdAcceptedAt: string | null;
  channel: ContactChannel;
  isGroup: boolean;
  companyId: number;
  /**
   * The channel's own address of the person where it is no phone (a website visitor's peer id, a
   * Messenger/Instagram page-scoped id, a Telegram chat id); null on phone channels. `number` is
   * then the phone the person gave, or '' (issue #32).
   */
  remoteJid: string | null;
  lastMessageAt: string | null;
  ownerUserId: number | null;
  birthday: string | null;
  createdAt: string;
  updatedAt: string;
  tags: Pick<Tag, 'id' | 'name' | 'color' | 'kanban'>[];
  extraInfo?: ContactExtraInfo[];
}

/** What POST /contacts/import reads from the running session: the address book, or the chats (POST /contacts/import/chats). */
export type ContactImportSource = 'contacts' | 'chats';

export interface ContactImportProgress {
  action: 'progress';
  source: ContactImportSource;
  done: number;
  total: number;
}

export interface ContactImportResult {
  created: number;
  updated: number;
  /** error: a validation key (with the field it is about) or an error code. */
  errors: { row: number; error: string; field?: string }[];
}

/** Admin merge of duplicate contacts (issue #31): the contact of the path keeps everything of `otherId`. */
export const contactMergeSchema = z.object({ otherId: id });
// Optional in the schema so another company's contact id answers 404 before a missing otherId answers 400.
export const contactMergeQuerySchema = z.object({ otherId: id.optional() });
export interface ContactMergeMoves {
  tickets: number;
  joinedTickets: number;
  messages: number;
  tags: number;
  notes: number;
}
export interface ContactMergePreview {
  kept: Contact;
  merged: Contact;
  moves: ContactMergeMoves;
}
/** GET /wallets: an agent who owns contacts, with how many. */
export interface WalletOwner {
  userId: number;
  name: string;
  email: string;
  contacts: number;
}
