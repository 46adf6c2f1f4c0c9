/** The WhatsApp message carrying the recovery code, in the user's language (pt when unknown). */
const texts: Record<string, (code: string) => string> = {
  pt: (code) => `Seu código de recuperação de senha do Guichê é ${code}. Ele vale por 10 minutos. Não o compartilhe com ninguém.`,
  en: (code) => `Your Guichê password recovery code is ${code}. It is valid for 10 minutes. Do not share it with anyone.`,
  es: (code) => `Su código de recuperación de contraseña de Guichê es ${code}. Es válido por 10 minutos. No lo comparta con nadie.`,
  tr: (code) => `Guichê şifre kurtarma kodunuz ${code}. 10 dakika geçerlidir. Kimseyle paylaşmayın.`,
};

export function recoveryMessage(language: string | null | undefined, code: string): string {
  return (texts[language ?? 'pt'] ?? texts.pt)(code);
}
