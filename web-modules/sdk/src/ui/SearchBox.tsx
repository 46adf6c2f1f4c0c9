import { InputGroup } from '@blueprintjs/core';
import './list.css';

interface Props {
  value: string;
  onChange(value: string): void;
  placeholder: string;
  label: string;
  testId?: string;
}

/** The search box of a list page; the page debounces what it sends (500 ms). */
export function SearchBox({ value, onChange, placeholder, label, testId }: Props) {
  return (
    <InputGroup
      type="search"
      leftIcon="search"
      value={value}
      placeholder={placeholder}
      aria-label={label}
      onChange={(event) => onChange(event.currentTarget.value)}
      data-testid={testId}
      className="cx-search"
    />
  );
}
