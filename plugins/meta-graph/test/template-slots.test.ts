import { describe, expect, it } from 'vitest';
import { AppError } from '@guiche/core';
import { checkTemplateExtras, templateSlots } from '../src/index.js';

/** What a template send fills besides its body, read from Meta's components as the sync stores them (issue #29). */
describe('template slots', () => {
  const shipped = templateSlots([
    { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}} de {{1}}' },
    { type: 'BODY', text: 'Olá {{1}}' },
    { type: 'BUTTONS', buttons: [{ type: 'PHONE_NUMBER', text: 'Ligar' }, { type: 'URL', text: 'Site', url: 'https://loja.example' }, { type: 'URL', text: 'Rastrear', url: 'https://loja.example/r/{{1}}' }] },
  ]);

  it('reads the header text variables, the header file kind and the URL buttons with a variable (by their position)', () => {
    expect(shipped).toEqual({ headerVariableNames: ['1'], headerMedia: null, urlButtons: [{ index: 2, text: 'Rastrear' }] });
    expect(templateSlots([{ type: 'HEADER', format: 'VIDEO' }, { type: 'BODY', text: 'x' }])).toEqual({ headerVariableNames: [], headerMedia: 'video', urlButtons: [] });
    expect(templateSlots([{ type: 'BODY', text: 'só o corpo' }, null, 'junk'])).toEqual({ headerVariableNames: [], headerMedia: null, urlButtons: [] });
  });

  it('refuses a send whose header or buttons do not match, and a file address that is not http(s)', () => {
    const code = (run: () => void) => {
      try {
        run();
        return null;
      } catch (err) {
        return err instanceof AppError ? [err.code, err.statusCode] : err;
      }
    };
    expect(code(() => checkTemplateExtras(shipped, { headerVariables: ['#1'], buttonVariables: ['AB'] }))).toBeNull();
    expect(code(() => checkTemplateExtras(shipped, { buttonVariables: ['AB'] }))).toEqual(['ERR_TEMPLATE_VARIABLES', 400]);
    expect(code(() => checkTemplateExtras(shipped, { headerVariables: ['#1'], buttonVariables: ['AB', 'CD'] }))).toEqual(['ERR_TEMPLATE_VARIABLES', 400]);
    expect(code(() => checkTemplateExtras(shipped, { headerVariables: ['#1'], buttonVariables: ['AB'], headerMedia: 'https://x.example/a.png' }))).toEqual(['ERR_TEMPLATE_HEADER_MEDIA', 400]);
    const image = templateSlots([{ type: 'HEADER', format: 'IMAGE' }]);
    expect(code(() => checkTemplateExtras(image, { headerMedia: 'https://x.example/a.png' }))).toBeNull();
    expect(code(() => checkTemplateExtras(image, { headerMedia: '  ' }))).toEqual(['ERR_TEMPLATE_HEADER_MEDIA', 400]);
    expect(code(() => checkTemplateExtras(image, { headerMedia: 'javascript:alert(1)' }))).toEqual(['ERR_TEMPLATE_HEADER_MEDIA', 400]);
  });
});
