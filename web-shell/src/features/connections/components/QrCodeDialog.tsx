import { Button, Dialog, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import type { Connection } from '@guiche/contracts';
import { useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import { QrCanvas } from './QrCanvas.js';

interface Props {
  /** The connection as the live list has it (null: closed). */
  connection: Connection | null;
  onClose(): void;
}

/**
 * account-admin.md §2, §4: the QR code with the pairing steps, replaced live as the session
 * reports new codes; it closes itself when an update leaves the connection without a QR code
 * (scanned and connecting, or given up).
 */
export function QrCodeDialog({ connection, onClose }: Props) {
  const { t } = useTranslation(NS);
  const qr = connection?.qrcode ?? '';
  const shown = useRef<string>('');
  useEffect(() => {
    if (!connection) {
      shown.current = '';
      return;
    }
    if (qr) shown.current = qr;
    else if (shown.current) {
      shown.current = '';
      onClose();
    }
  }, [connection, qr, onClose]);

  return (
    <Dialog isOpen={connection !== null} onClose={onClose} title={t('qr.title')} icon="mobile-phone" style={{ width: 640, maxWidth: '95vw' }}>
      <DialogBody>
        <div className="cn-qr" data-testid="qr-dialog">
          <ol className="cn-qr__steps">
            <li>{t('qr.step1')}</li>
            <li>{t('qr.step2')}</li>
            <li>{t('qr.step3')}</li>
            <li>{t('qr.step4')}</li>
          </ol>
          <div className="cn-qr__code" aria-live="polite">
            {qr ? (
              <>
                <QrCanvas value={qr} label={t('qr.label', { name: connection?.name ?? '' })} />
                {connection && connection.retries > 0 && <small className="cx-muted">{t('qr.retries', { count: connection.retries })}</small>}
              </>
            ) : (
              <div className="cn-qr__waiting">
                <Spinner size={32} />
                <span>{t('qr.waiting')}</span>
              </div>
            )}
          </div>
        </div>
      </DialogBody>
      <DialogFooter actions={<Button text={t('actions.close')} onClick={onClose} />} />
    </Dialog>
  );
}
