import { AppError } from '@guiche/core';
import type { TemplateExtras, TemplateSlots } from '@guiche/contracts';

export { templateSlots, type HeaderMediaKind, type TemplateExtras, type TemplateSlots } from '@guiche/contracts';

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Checks a send's extra values against the template's slots: 400 ERR_TEMPLATE_VARIABLES (`part`
 * header or buttons, expected and received counts) or ERR_TEMPLATE_HEADER_MEDIA (a file header
 * without an http(s) address, or an address for a header that takes none).
 */
export function checkTemplateExtras(slots: TemplateSlots, extras: TemplateExtras): void {
  const header = extras.headerVariables ?? [];
  if (header.length !== slots.headerVariableNames.length) {
    throw new AppError('ERR_TEMPLATE_VARIABLES', 400, { part: 'header', expected: slots.headerVariableNames.length, received: header.length });
  }
  const buttons = extras.buttonVariables ?? [];
  if (buttons.length !== slots.urlButtons.length) {
    throw new AppError('ERR_TEMPLATE_VARIABLES', 400, { part: 'buttons', expected: slots.urlButtons.length, received: buttons.length });
  }
  const media = extras.headerMedia?.trim() || null;
  if (slots.headerMedia ? !media || !isWebAddress(media) : media) {
    throw new AppError('ERR_TEMPLATE_HEADER_MEDIA', 400, { format: slots.headerMedia });
  }
}
