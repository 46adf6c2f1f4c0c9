import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useState } from 'react';
import { pairingCodeInputSchema, type Connection } from '@guiche/contracts';
import { errorText, serverValidationErrors, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { usePairingCode } from '../hooks/useConnections.js';
import { NS } from '../i18n/register.js';
import { formatPairingCode, PAIRABLE_STATUSES } from '../lib/pairing.js';

/** A code handed out for a connection, and the number (digits) it was asked for. */
export interface ShownPairingCode {
  connectionId: number;
  code: string;
  number: string;
}

interface Props {
  connection: Connection;
  shown: ShownPairingCode | null;
  onShown(shown: ShownPairingCode | null): void;
}

interface Values {
  number: string;
}

const schemaValidate = zodFormikValidate<Values>(pairingCodeInputSchema);

/**
 * The pairing-code alternative to the QR (issue 5): the phone's number → the 8-character code
 * WhatsApp hands out, shown as XXXX-XXXX with the steps to type it under Linked devices.
 */
export function PairingCodePanel({ connection, shown, onShown }: Props) {
  const { t } = useTranslation(NS);
  const request = usePairingCode();
  const [failure, setFailure] = useState<string | null>(null);
  const ready = PAIRABLE_STATUSES.includes(connection.status);
  const form = useFormik<Values>({
    initialValues: { number: shown?.number ? `+${shown.number}` : '' },
    validate: schemaValidate,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        const { code } = await request.mutateAsync({ id: connection.id, number: values.number });
        onShown({ connectionId: connection.id, code, number: pairingCodeInputSchema.parse(values).number });
      } catch (err) {
        const fieldErrors = serverValidationErrors<Values>(err);
        if (fieldErrors?.number) helpers.setErrors(fieldErrors);
        else setFailure(errorText(err));
      }
    },
  });

  if (shown) {
    return (
      <div className="cn-pair" data-testid="pairing-panel">
        <ol className="cn-qr__steps">
          <li>{t('pairing.step1', { number: `+${shown.number}` })}</li>
          <li>{t('pairing.step2')}</li>
          <li>{t('pairing.step3')}</li>
          <li>{t('pairing.step4')}</li>
        </ol>
        <div className="cn-pair__result">
          <span className="cx-muted" id="cn-pair-code-label">
            {t('pairing.codeLabel')}
          </span>
          <output className="cn-pair__code" aria-labelledby="cn-pair-code-label" aria-live="polite" data-testid="pairing-code">
            {formatPairingCode(shown.code)}
          </output>
          <Button variant="minimal" icon="edit" text={t('pairing.otherNumber')} onClick={() => onShown(null)} data-testid="pairing-other-number" />
        </div>
      </div>
    );
  }

  const error = form.touched.number || form.submitCount > 0 ? form.errors.number : undefined;
  return (
    <form className="cn-pair" onSubmit={form.handleSubmit} noValidate data-testid="pairing-panel">
      <p>{t('pairing.intro')}</p>
      <FormGroup label={t('pairing.number')} labelFor="cn-pair-number" intent={error ? Intent.DANGER : Intent.NONE} helperText={error}>
        <InputGroup
          id="cn-pair-number"
          name="number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          autoFocus
          placeholder={t('pairing.placeholder')}
          value={form.values.number}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          intent={error ? Intent.DANGER : Intent.NONE}
          aria-invalid={!!error || undefined}
        />
      </FormGroup>
      {failure && (
        <Callout intent={Intent.DANGER} icon="error" role="alert" data-testid="pairing-error">
          {failure}
        </Callout>
      )}
      {!ready && <p className="cx-muted">{t('pairing.waitingSession')}</p>}
      <Button type="submit" intent={Intent.PRIMARY} icon="key" text={t('pairing.submit')} loading={form.isSubmitting} disabled={!ready} data-testid="pairing-submit" />
    </form>
  );
}
