import { describe, expect, it } from 'vitest';
import { loginSchema, signupSchema, ErrorCodes } from '@guiche/contracts';
import { daysUntil, formatCurrency, formatDate, formatDateTime, i18n, serverValidationErrors, SupportedLanguages, translationsReady, zodFormikValidate } from '@guiche/web-sdk';
import { registerShellTranslations, SHELL_NS } from '../src/locales/index.js';

/** Every leaf key path of a translation tree, with the {{placeholders}} it uses. */
function leaves(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, [...v.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort().join(','));
    else for (const [kk, vv] of leaves(v as object, key)) out.set(kk, vv);
  }
  return out;
}

describe('translations', () => {
  it('loads only the active language, and another one when the user switches to it (issue #28)', async () => {
    registerShellTranslations();
    await translationsReady([SHELL_NS]);
    expect(i18n.language).toBe('pt');
    expect(i18n.hasResourceBundle('pt', SHELL_NS)).toBe(true);
    expect(i18n.hasResourceBundle('pt', 'translation')).toBe(true);
    for (const lang of ['en', 'es', 'tr']) {
      expect(i18n.hasResourceBundle(lang, SHELL_NS), lang).toBe(false);
      expect(i18n.hasResourceBundle(lang, 'translation'), lang).toBe(false);
    }
    await i18n.changeLanguage('en');
    expect(i18n.hasResourceBundle('en', SHELL_NS)).toBe(true);
    expect(i18n.t(`${SHELL_NS}:topBar.logout`)).not.toBe(i18n.t(`${SHELL_NS}:topBar.logout`, { lng: 'pt' }));
    expect(i18n.hasResourceBundle('es', SHELL_NS)).toBe(false);
    await i18n.changeLanguage('pt');
  });

  it('gives every language of the shell, as loaded, the same keys and placeholders as pt', async () => {
    registerShellTranslations();
    await i18n.loadLanguages([...SupportedLanguages]);
    await i18n.loadNamespaces(SHELL_NS);
    const reference = leaves(i18n.getResourceBundle('pt', SHELL_NS) as object);
    expect(reference.size).toBeGreaterThan(20);
    for (const lang of ['en', 'es', 'tr'] as const) expect(leaves(i18n.getResourceBundle(lang, SHELL_NS) as object), lang).toEqual(reference);
  });

  it('translates every API error code in every language', async () => {
    for (const lang of ['pt', 'en', 'es', 'tr']) {
      await i18n.changeLanguage(lang);
      for (const code of ErrorCodes) {
        expect(i18n.exists(`errors.${code}`), `${lang} ${code}`).toBe(true);
        expect(i18n.t(`errors.${code}`)).not.toBe(`errors.${code}`);
      }
    }
    await i18n.changeLanguage('pt');
  });
});

describe('zodFormikValidate', () => {
  it('turns schema messages into the translated spec texts', async () => {
    await i18n.changeLanguage('pt');
    const errors = zodFormikValidate(loginSchema)({ email: 'nope', password: '123' });
    expect(errors).toEqual({ email: 'Por favor, insira um email válido.', password: 'A senha deve ter pelo menos 6 caracteres.' });
    const signup = zodFormikValidate(signupSchema)({ companyName: 'A', name: 'Ana', email: 'a@b.co', phone: '11912345678', document: '111', password: 'Abcdefgh', planId: '1', termo: false });
    expect(signup).toEqual({ companyName: 'Muito curto!', document: 'CPF/CNPJ inválido', termo: 'Você deve aceitar os termos para continuar.' });
  });

  it('returns no errors for valid values', () => {
    expect(zodFormikValidate(loginSchema)({ email: 'a@b.co', password: '123456' })).toEqual({});
  });

  it('nests errors as Formik does: arrays under numeric keys, the first problem of a field kept', () => {
    const err = { isAxiosError: true, response: { status: 400, data: { error: 'ERR_VALIDATION', issues: [
      { path: ['options', 1, 'title'], message: 'first' },
      { path: ['options', 1, 'title'], message: 'second' },
      { path: ['name'], message: 'named' },
      { path: [], message: 'whole form' },
    ] } } };
    const errors = serverValidationErrors<{ name: string; options: { title: string }[] }>(err);
    expect(errors).toEqual({ name: 'named', options: [undefined, { title: 'first' }] });
    expect(Array.isArray(errors?.options)).toBe(true);
  });
});

describe('formatters', () => {
  it('formats dates, date-times and reais the Brazilian way', () => {
    expect(formatDate('2025-03-09')).toBe('09/03/2025');
    expect(formatDateTime(new Date(2025, 2, 9, 7, 5))).toBe('09/03/2025 07:05');
    expect(formatDate(null)).toBe('');
    expect(formatCurrency(1234.5).replace(/\s/g, ' ')).toBe('R$ 1.234,50');
  });

  it('counts calendar days to a date-only due date', () => {
    const now = new Date(2025, 2, 9, 23, 59);
    expect(daysUntil('2025-03-09', now)).toBe(0);
    expect(daysUntil('2025-03-14', now)).toBe(5);
    expect(daysUntil('2025-03-01', now)).toBe(-8);
  });
});
