/** What contactNumberText reads of a contact: its stored number. */
export interface DisplayableContact {
  number?: string | null;
}

/**
 * What the "number" of a contact reads as: the stored number, trimmed, or nothing. A website
 * (webchat) visitor's address (their peer id) is the contact's `remoteJid`, never its number: the
 * number is the phone they typed in the widget, or '' (issue #32; docs/architecture.md, "A contact's
 * address and its number"). Kept as the one place every list, card and picker reads it from;
 * generic so any contact-like record (a whole contact literal included) may be passed.
 */
export function contactNumberText<C extends DisplayableContact>(contact: C): string {
  return contact.number?.trim() ?? '';
}
