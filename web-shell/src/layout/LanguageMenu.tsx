import { Button, Menu, MenuItem } from '@blueprintjs/core';
import { MenuPopover, api, changeLanguage, toastError, useSession, useTranslation, type SupportedLanguage } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';

/** Each language names itself, in its own words (so anyone finds theirs), beside the spec's code. */
const LANGUAGES: { code: SupportedLanguage; name: string; label: string }[] = [
  { code: 'pt', name: 'Português (Brasil)', label: 'pt-BR' },
  { code: 'en', name: 'English', label: 'en' },
  { code: 'es', name: 'Español', label: 'es' },
  { code: 'tr', name: 'Türkçe', label: 'tr' },
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
    <MenuPopover
      placement="bottom-end"
      content={
        <Menu aria-label={t('topBar.language')}>
          {LANGUAGES.map((l) => (
            <MenuItem key={l.code} text={l.name} label={l.label} lang={l.code === 'pt' ? 'pt-BR' : l.code} roleStructure="listoption" selected={i18n.language === l.code} onClick={() => void choose(l.code)} />
          ))}
        </Menu>
      }
    >
      <Button minimal icon="translate" aria-label={t('topBar.language')} title={t('topBar.language')} />
    </MenuPopover>
  );
}
