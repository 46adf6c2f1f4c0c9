import { Button, Icon, Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { MenuPopover, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';

interface Props {
  exporting: boolean;
  filtered: boolean;
  onImportSheet(): void;
  onExport(): void;
  onSample(): void;
}

/**
 * Import/Export (inbox.md §2). Importing the phone's address book needs a channel session the API
 * does not expose (no POST /contacts/import route), so it is shown disabled with the reason.
 */
export function ImportExportMenu({ exporting, filtered, onImportSheet, onExport, onSample }: Props) {
  const { t } = useTranslation(NS);
  const menu = (
    <Menu aria-label={t('actions.importExport')}>
      <MenuItem
        icon="mobile-phone"
        text={t('actions.importPhone')}
        disabled
        htmlTitle={t('actions.importPhoneUnavailable')}
        labelElement={<Icon icon="info-sign" title={t('actions.importPhoneUnavailable')} aria-label={t('actions.importPhoneUnavailable')} />}
      />
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
