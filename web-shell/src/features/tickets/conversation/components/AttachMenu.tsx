import { Button, Menu, MenuItem, Popover, Tooltip } from '@blueprintjs/core';
import { useTranslation } from '@guiche/web-sdk';
import { canUseCamera } from '../lib/camera.js';
import { NS } from '../i18n/register.js';

interface Props {
  disabled: boolean;
  onFiles(): void;
  onCamera(): void;
  onContact(): void;
}

/** The input's paperclip: files, a camera picture (where the browser offers a camera) or a contact card. */
export function AttachMenu({ disabled, onFiles, onCamera, onContact }: Props) {
  const { t } = useTranslation(NS);
  const camera = canUseCamera(typeof navigator === 'undefined' ? undefined : navigator);
  const menu = (
    <Menu aria-label={t('attachMenu.label')}>
      <MenuItem icon="document" text={t('attachMenu.files')} onClick={onFiles} data-testid="attach-files" />
      {camera && <MenuItem icon="camera" text={t('attachMenu.camera')} onClick={onCamera} data-testid="attach-camera" />}
      <MenuItem icon="id-number" text={t('attachMenu.contact')} onClick={onContact} data-testid="attach-contact" />
    </Menu>
  );
  return (
    <Popover content={menu} placement="top-start" disabled={disabled}>
      <Tooltip content={t('attachMenu.label')} disabled={disabled}>
        <Button variant="minimal" icon="paperclip" aria-label={t('attachMenu.label')} aria-haspopup="menu" disabled={disabled} data-testid="attach-menu" />
      </Tooltip>
    </Popover>
  );
}
