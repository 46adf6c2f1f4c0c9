import { describe, expect, it } from 'vitest';
import { isHexColor, normalizeHex, readableOn, TAG_PALETTE } from '@guiche/web-sdk';
import { tagFormSchema, TagV } from '../src/features/tags/lib/tag-form.js';
import { managesAllQuickMessages, mayChangeQuickMessage, quickMessageType } from '../src/features/quick-messages/lib/permissions.js';
import { mediaShown, quickMessageFormSchema, QuickMessageV } from '../src/features/quick-messages/lib/quick-message-form.js';
import { pt as tagsPt } from '../src/features/tags/i18n/locales/pt.js';
import { pt as qmPt } from '../src/features/quick-messages/i18n/locales/pt.js';

const firstIssue = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, values: unknown) =>
  Object.fromEntries((schema.safeParse(values).error?.issues ?? []).reverse().map((i) => [i.path.join('.'), i.message]));

describe('tag dialog (outreach-config.md §5)', () => {
  it("says 'Obrigatório' for an empty name and 'Mensagem muito curta' under 3 characters", () => {
    expect(firstIssue(tagFormSchema, { name: ' ', color: '#A4CCCC', kanban: false })).toEqual({ name: TagV.required });
    expect(firstIssue(tagFormSchema, { name: 'ab', color: '#A4CCCC', kanban: false })).toEqual({ name: TagV.tooShort });
    expect(firstIssue(tagFormSchema, { name: 'abc', color: 'red', kanban: true })).toEqual({ color: TagV.color });
    expect(tagFormSchema.safeParse({ name: 'abc', color: '#a4cccc80', kanban: true }).success).toBe(true);
    expect(tagsPt.validation.required).toBe('Obrigatório');
    expect(tagsPt.validation.tooShort).toBe('Mensagem muito curta');
  });

  it('takes palette or hex colours, normalised to #RRGGBB', () => {
    expect(TAG_PALETTE.every(isHexColor)).toBe(true);
    expect(new Set(TAG_PALETTE).size).toBe(TAG_PALETTE.length);
    expect(normalizeHex('abc')).toBe('#AABBCC');
    expect(normalizeHex(' #1c6e42 ')).toBe('#1C6E42');
    expect(normalizeHex('zzz')).toBe('zzz');
    expect(isHexColor('#12345')).toBe(false);
  });

  it('writes tag names in black on light colours and white on dark ones', () => {
    expect(readableOn('#F0B726')).toBe('#1c2127');
    expect(readableOn('#A4CCCC')).toBe('#1c2127');
    expect(readableOn('#1C2127')).toBe('#ffffff');
    expect(readableOn('#D13913')).toBe('#ffffff');
    expect(readableOn('nonsense')).toBe('#fff');
  });
});

describe('quick messages (outreach-config.md §5, §6)', () => {
  const admin = { id: 1, profile: 'admin' as const, super: false };
  const user = { id: 2, profile: 'user' as const, super: false };
  const superUser = { id: 3, profile: 'user' as const, super: true };

  it('lets admins (and the super user) change any message and set the general flag', () => {
    expect(managesAllQuickMessages(admin)).toBe(true);
    expect(managesAllQuickMessages(superUser)).toBe(true);
    expect(managesAllQuickMessages(user)).toBe(false);
    expect(managesAllQuickMessages(null)).toBe(false);
    expect(mayChangeQuickMessage(admin, { userId: 2, geral: true })).toBe(true);
  });

  it('lets a plain user change only their own non-general messages', () => {
    expect(mayChangeQuickMessage(user, { userId: 2, geral: false })).toBe(true);
    expect(mayChangeQuickMessage(user, { userId: 2, geral: true })).toBe(false);
    expect(mayChangeQuickMessage(user, { userId: 1, geral: false })).toBe(false);
    expect(mayChangeQuickMessage(null, { userId: 2, geral: false })).toBe(false);
  });

  it("requires the shortcode ('Obrigatório') and names the type column", () => {
    expect(firstIssue(quickMessageFormSchema, { shortcode: '  ', message: '', geral: false })).toEqual({ shortcode: QuickMessageV.required });
    expect(qmPt.validation.required).toBe('Obrigatório');
    expect(quickMessageType({ isCategory: false, isMedia: true, mediaPath: 'x' })).toBe('media');
    expect(quickMessageType({ isCategory: false, isMedia: false, mediaPath: null })).toBe('text');
    expect(quickMessageType({ isCategory: true, isMedia: false, mediaPath: null })).toBe('category');
  });

  it('shows the attachment after the pending change', () => {
    const file = { name: 'novo.pdf' } as File;
    expect(mediaShown({ mediaName: 'velho.pdf' }, { kind: 'keep' })).toBe('velho.pdf');
    expect(mediaShown({ mediaName: 'velho.pdf' }, { kind: 'replace', file })).toBe('novo.pdf');
    expect(mediaShown({ mediaName: 'velho.pdf' }, { kind: 'remove' })).toBeNull();
    expect(mediaShown(undefined, { kind: 'keep' })).toBeNull();
  });
});
