/**
 * The external support chat offered to visitors without an account. The number is configured at
 * build time (PUBLIC_SUPPORT_WHATSAPP, digits with country code); without it no link is shown.
 */
export function supportChatUrl(message: string): string | null {
  const number = (import.meta.env.PUBLIC_SUPPORT_WHATSAPP ?? '').replace(/\D/g, '');
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(message)}` : null;
}
