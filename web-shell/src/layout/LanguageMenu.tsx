import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { api, changeLanguage, toastError, useSession, useTranslation, type SupportedLanguage } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';

/** Labels as the spec shows them; each language names itself. */
const LANGUAGES: { code: SupportedLanguage; label: string }[] = [
  { code: 'pt', label: 'pt-BR' },
  { code: 'en', label: 'en' },
  { code: 'es', label: 'es' },
  { code: 'tr', label: 'tr' },
];

export function LanguageMenu() {
  const { t, i18n } = useTranslation(SHELL_NS);
  const { user, setUser } = useSession();

  const choose = async (code: SupportedLanguage) => {
    if (!user) return;
    try {
      await api.put(`/users/${user.id}`, { language: code });
      await changeLanguage(code);
      setUser({ ...user, language: code });
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu aria-label={t('topBar.language')}>
          {LANGUAGES.map((l) => (
            <MenuItem key={l.code} text={l.label} roleStructure="listoption" selected={i18n.language === l.code} onClick={() => void choose(l.code)} />
          ))}
        </Menu>
      }
    >
      <Button minimal icon="translate" aria-label={t('topBar.language')} title={t('topBar.language')} />
    </PopoverNext>
  );
}
