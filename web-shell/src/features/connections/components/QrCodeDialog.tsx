import { Button, DialogBody, DialogFooter, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Connection } from '@guiche/contracts';
import { Dialog, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import { qrDialogEnds } from '../lib/pairing.js';
import { PairingCodePanel, type ShownPairingCode } from './PairingCodePanel.js';
import { QrCanvas } from './QrCanvas.js';

interface Props {
  /** The connection as the live list has it (null: closed). */
  connection: Connection | null;
  onClose(): void;
}

type QrTab = 'qr' | 'phone';

/**
 * account-admin.md §2, §4: the QR code with the pairing steps, replaced live as the session
 * reports new codes; it closes itself when an update leaves the connection without a QR code
 * (scanned and connecting, or given up). The phone-number tab is the pairing-code alternative:
 * while its code is on screen the QR is empty on purpose, and only the end of the pairing closes it.
 */
export function QrCodeDialog({ connection, onClose }: Props) {
  const { t } = useTranslation(NS);
  const qr = connection?.qrcode ?? '';
  const [tab, setTab] = useState<QrTab>('qr');
  const [pairing, setPairing] = useState<ShownPairingCode | null>(null);
  /** The connection whose QR code this dialog showed. */
  const qrShownFor = useRef<number | null>(null);

  const close = useCallback(() => {
    qrShownFor.current = null;
    setPairing(null);
    setTab('qr');
    onClose();
  }, [onClose]);

  useEffect(() => {
    if (!connection) return;
    if (connection.qrcode) qrShownFor.current = connection.id;
    const state = { hadQr: qrShownFor.current === connection.id, pairing: pairing?.connectionId === connection.id };
    if (qrDialogEnds(state, connection)) close();
  }, [connection, pairing, close]);

  const qrPanel = (
    <div className="cn-qr">
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
  );

  return (
    <Dialog isOpen={connection !== null} onClose={close} title={tab === 'phone' ? t('pairing.title') : t('qr.title')} icon="mobile-phone" style={{ width: 640, maxWidth: '95vw' }}>
      <DialogBody>
        <div data-testid="qr-dialog">
          <Tabs id="cn-qr-tabs" selectedTabId={tab} onChange={(next) => setTab(next as QrTab)} renderActiveTabPanelOnly>
            <Tab id="qr" title={t('qr.tabQr')} icon="grid-view" panel={qrPanel} data-testid="qr-tab-qr" />
            {connection && (
              <Tab
                id="phone"
                title={t('qr.tabPhone')}
                icon="mobile-phone"
                panel={<PairingCodePanel connection={connection} shown={pairing?.connectionId === connection.id ? pairing : null} onShown={setPairing} />}
                data-testid="qr-tab-phone"
              />
            )}
          </Tabs>
        </div>
      </DialogBody>
      <DialogFooter actions={<Button text={t('actions.close')} onClick={close} />} />
    </Dialog>
  );
}
