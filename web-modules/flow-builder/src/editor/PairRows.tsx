import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register';

/** Rows an HTTP node keeps as pairs: headers (name → value) and its response map (JSON path → variable). */
export const PAIRS_MAX = 20;

interface Props<A extends string, B extends string> {
  /** The node's field (headers, responseMap): the rows' test ids start with it. */
  field: string;
  label: string;
  hint: string;
  keys: [A, B];
  placeholders: [string, string];
  rows: Record<A | B, string>[];
  /** The translated problem of a row, by index (httpRowProblems). */
  problems: Map<number, string>;
  readOnly: boolean;
  onChange(rows: Record<A | B, string>[]): void;
}

/** A list of key/value rows with add and remove; each row's problem is shown under it. */
export function PairRows<A extends string, B extends string>({ field, label, hint, keys: [a, b], placeholders, rows, problems, readOnly, onChange }: Props<A, B>) {
  const { t } = useTranslation(NS);
  const put = (index: number, key: A | B, value: string) => onChange(rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  return (
    <FormGroup label={label} helperText={hint} data-testid={`fb-rows-${field}`}>
      {rows.map((row, i) => (
        <div key={i} className="fb-pair" data-testid={`fb-row-${field}`}>
          <div className="fb-pair-inputs">
            <InputGroup aria-label={`${placeholders[0]} ${i + 1}`} placeholder={placeholders[0]} value={row[a]} disabled={readOnly} intent={problems.has(i) ? 'danger' : 'none'} onValueChange={(v) => put(i, a, v)} data-testid={`fb-row-${field}-${a}`} />
            <InputGroup aria-label={`${placeholders[1]} ${i + 1}`} placeholder={placeholders[1]} value={row[b]} disabled={readOnly} intent={problems.has(i) ? 'danger' : 'none'} onValueChange={(v) => put(i, b, v)} data-testid={`fb-row-${field}-${b}`} />
            {!readOnly && <Button icon="cross" variant="minimal" aria-label={t('fields.removeRow', { number: i + 1 })} title={t('fields.removeRow', { number: i + 1 })} onClick={() => onChange(rows.filter((_, j) => j !== i))} data-testid={`fb-row-${field}-remove`} />}
          </div>
          {problems.has(i) && (
            <div className="fb-pair-problem" role="alert" data-testid={`fb-row-${field}-problem`}>
              {problems.get(i)}
            </div>
          )}
        </div>
      ))}
      {!readOnly && rows.length < PAIRS_MAX && <Button icon="plus" variant="minimal" size="small" text={t('fields.addRow')} onClick={() => onChange([...rows, { [a]: '', [b]: '' } as Record<A | B, string>])} data-testid={`fb-row-${field}-add`} />}
    </FormGroup>
  );
}
