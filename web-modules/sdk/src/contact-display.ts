export interface DisplayableContact {
  number?: string | null;
  channel?: string | null;
  email?: string | null;
  extraInfo?: { name: string; value: string }[] | null;
}

/**
 * What the "number" of a contact reads as: the stored number, or nothing. A website (webchat)
 * visitor's address (their peer id) is the contact's `remoteJid`, never its number: the number is
 * the phone they typed in the widget, or '' (issue #32; docs/architecture.md, "A contact's
 * address and its number"). Kept as the one place every list, card and picker reads it from.
 */
export function contactNumberText(contact: DisplayableContact): string {
  return contact.number?.trim() ?? '';
}
