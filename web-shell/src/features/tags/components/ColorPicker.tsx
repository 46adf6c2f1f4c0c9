import { InputGroup, Intent } from '@blueprintjs/core';
import { useRef, type KeyboardEvent } from 'react';
import { isHexColor, normalizeHex, TAG_PALETTE, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import '../tags.css';

interface Props {
  id: string;
  value: string;
  invalid: boolean;
  onChange(color: string): void;
  onBlur(): void;
}

/**
 * The tag colour: a palette (a radio group: arrow keys move, the chosen swatch is the tab stop),
 * the browser's own colour chooser and a hex field for any other colour.
 */
export function ColorPicker({ id, value, invalid, onChange, onBlur }: Props) {
  const { t } = useTranslation(NS);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = TAG_PALETTE.findIndex((c) => c.toLowerCase() === value.toLowerCase());

  const move = (event: KeyboardEvent, index: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = (index + step + TAG_PALETTE.length) % TAG_PALETTE.length;
    onChange(TAG_PALETTE[next]);
    refs.current[next]?.focus();
  };

  return (
    <div>
      <div className="cx-swatches" role="radiogroup" aria-label={t('dialog.palette')}>
        {TAG_PALETTE.map((color, index) => {
          const checked = index === current;
          return (
            <button
              key={color}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={color}
              title={color}
              tabIndex={checked || (current === -1 && index === 0) ? 0 : -1}
              className="cx-swatch"
              style={{ backgroundColor: color }}
              onClick={() => onChange(color)}
              onKeyDown={(e) => move(e, index)}
            />
          );
        })}
      </div>
      <div className="cx-color-row">
        <input
          type="color"
          className="cx-color-native"
          aria-label={t('dialog.customColor')}
          value={isHexColor(value) ? value.slice(0, 7).toLowerCase() : '#a4cccc'}
          onChange={(e) => onChange(e.currentTarget.value.toUpperCase())}
        />
        <InputGroup
          id={id}
          name="color"
          value={value}
          maxLength={9}
          style={{ width: 140 }}
          intent={invalid ? Intent.DANGER : Intent.NONE}
          aria-invalid={invalid || undefined}
          onChange={(e) => onChange(e.currentTarget.value)}
          onBlur={() => {
            onChange(normalizeHex(value));
            onBlur();
          }}
        />
      </div>
    </div>
  );
}
