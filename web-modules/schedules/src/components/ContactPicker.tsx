import { MenuItem } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
import { useState } from 'react';
import { contactNumberText } from '@guiche/web-sdk';
import type { ContactOption } from '../api/schedules-api';
import { useContact, useContactChoices } from '../hooks/useSchedules';

interface Props {
  id: string;
  value: number | null;
  onChange(id: number | null): void;
  onBlur(): void;
  placeholder: string;
  noResults: string;
  invalid: boolean;
}

/** The schedule's contact: searched by name or number (GET /contacts/list). */
export function ContactPicker({ id, value, onChange, onBlur, placeholder, noResults, invalid }: Props) {
  const [query, setQuery] = useState('');
  const choices = useContactChoices(query);
  const chosen = useContact(value);
  const selected = value !== null ? (choices.data?.find((c) => c.id === value) ?? chosen.data ?? null) : null;
  return (
    <Suggest<ContactOption>
      fill
      items={choices.data ?? []}
      selectedItem={selected}
      query={query}
      onQueryChange={setQuery}
      inputValueRenderer={(c) => c.name}
      itemRenderer={(c, { handleClick, handleFocus, modifiers, ref }) =>
        modifiers.matchesPredicate ? (
          <MenuItem key={c.id} ref={ref} text={c.name} label={contactNumberText(c)} active={modifiers.active} onClick={handleClick} onFocus={handleFocus} roleStructure="listoption" data-testid="schedule-contact-option" />
        ) : null
      }
      onItemSelect={(c) => onChange(c.id)}
      noResults={<MenuItem disabled text={noResults} roleStructure="listoption" />}
      resetOnClose
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      inputProps={{ id, placeholder, onBlur, intent: invalid ? 'danger' : 'none', 'data-testid': 'schedule-contact' } as never}
    />
  );
}
