import { normalizeDecimalInput, sanitizeDecimalInput, shownDecimalInput } from '@earn/domain';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';

export interface DecimalInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange(value: string): void;
  /** Most digits after the point. */
  precision: number;
  allowNegative?: boolean;
  /** Cap (default 999999999999). */
  max?: string;
}

/**
 * The shared decimal input: every keystroke goes through the domain's rule (digits only, at most
 * `precision` places, '.5' becomes '0.5', leading zeros stripped, capped), and blur drops a trailing
 * '.' and normalises integers. While the user types, the field keeps their commas when the value
 * reads them exactly ('1,' on the way to '1,000'); `value` is always the plain decimal.
 */
export function DecimalInput({ value, onChange, precision, allowNegative, max, onBlur, ...rest }: DecimalInputProps) {
  const rules = { precision, ...(allowNegative ? { allowNegative } : {}), ...(max ? { max } : {}) };
  const [typed, setTyped] = useState(value);
  // A value set from outside (Max, a reset after submit) replaces what was typed.
  const shown = sanitizeDecimalInput(typed, rules) === value ? typed : value;
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={shown}
      onChange={(e) => {
        const raw = e.currentTarget.value;
        setTyped(shownDecimalInput(raw, rules));
        onChange(sanitizeDecimalInput(raw, rules));
      }}
      onBlur={(e) => {
        const normalized = normalizeDecimalInput(value);
        setTyped(normalized);
        if (normalized !== value) onChange(normalized);
        onBlur?.(e);
      }}
    />
  );
}
