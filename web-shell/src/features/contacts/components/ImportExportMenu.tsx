import { Button, Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import type { ContactImportSource } from '@guiche/contracts';
import { MenuPopover, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';

interface Props {
  exporting: boolean;
  filtered: boolean;
  onImportPhone(source: ContactImportSource): void;
  onImportSheet(): void;
  onExport(): void;
  onSample(): void;
}

/** Import/Export (inbox.md §2): the phone's address book or chats, a spreadsheet; the export and its sample. */
export function ImportExportMenu({ exporting, filtered, onImportPhone, onImportSheet, onExport, onSample }: Props) {
  const { t } = useTranslation(NS);
  const menu = (
    <Menu aria-label={t('actions.importExport')}>
      <MenuItem icon="mobile-phone" text={t('actions.importPhone')} onClick={() => onImportPhone('contacts')} data-testid="contacts-import-phone" />
      <MenuItem icon="chat" text={t('actions.importChats')} onClick={() => onImportPhone('chats')} data-testid="contacts-import-chats" />
      <MenuItem icon="import" text={t('actions.importSheet')} onClick={onImportSheet} data-testid="contacts-import-sheet" />
      <MenuDivider />
      <MenuItem icon="export" text={filtered ? t('actions.exportFiltered') : t('actions.exportSheet')} onClick={onExport} data-testid="contacts-export" />
      <MenuItem icon="document" text={t('actions.sampleSheet')} onClick={onSample} data-testid="contacts-sample" />
    </Menu>
  );
  return (
    <MenuPopover content={menu} placement="bottom-end">
      <Button icon="exchange" endIcon="caret-down" text={t('actions.importExport')} loading={exporting} data-testid="contacts-import-export" />
    </MenuPopover>
  );
}
