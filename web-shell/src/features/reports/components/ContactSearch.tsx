import { useState } from 'react';
import { Button, InputGroup, Menu, MenuItem, Popover, Tag } from '@blueprintjs/core';
import { useTranslation } from '@guiche/web-sdk';
import { CONTACT_SEARCH_MIN, useContactOptions } from '../hooks/useReport.js';
import { NS } from '../i18n/register.js';

export interface ContactSearchProps {
  value: { id: number; name: string } | null;
  onChange(contact: { id: number; name: string } | null): void;
}

/** The report's contact filter: offers contacts once 3 characters are typed (debounced). */
export function ContactSearch({ value, onChange }: ContactSearchProps) {
  const { t } = useTranslation(NS);
  const [text, setText] = useState('');
  const options = useContactOptions(text);
  if (value) {
    return (
      <Tag large onRemove={() => onChange(null)} data-testid="report-contact-chosen" aria-label={value.name}>
        {value.name}
      </Tag>
    );
  }
  const open = text.trim().length >= CONTACT_SEARCH_MIN && options.isSuccess;
  return (
    <Popover
      isOpen={open}
      autoFocus={false}
      enforceFocus={false}
      placement="bottom-start"
      minimal
      content={
        <Menu data-testid="report-contact-options">
          {options.data?.length ? (
            options.data.map((c) => <MenuItem key={c.id} text={c.name} onClick={() => { onChange({ id: c.id, name: c.name }); setText(''); }} />)
          ) : (
            <MenuItem disabled text={t('filters.contactNone')} />
          )}
        </Menu>
      }
    >
      <InputGroup
        id="report-contact"
        leftIcon="person"
        placeholder={t('filters.contactPlaceholder')}
        aria-label={t('filters.contact')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        rightElement={text ? <Button variant="minimal" icon="cross" aria-label={t('filters.contactClear')} onClick={() => setText('')} /> : undefined}
        data-testid="report-contact"
      />
    </Popover>
  );
}
