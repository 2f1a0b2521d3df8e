import { normalizeDecimalInput, sanitizeDecimalInput } from '@earn/domain';
import { TextInput, type TextInputProps } from '@mantine/core';

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
 * '.' and normalises integers.
 */
export function DecimalInput({ value, onChange, precision, allowNegative, max, onBlur, ...rest }: DecimalInputProps) {
  const rules = { precision, ...(allowNegative ? { allowNegative } : {}), ...(max ? { max } : {}) };
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={value}
      onChange={(e) => onChange(sanitizeDecimalInput(e.currentTarget.value, rules))}
      onBlur={(e) => {
        const normalized = normalizeDecimalInput(value);
        if (normalized !== value) onChange(normalized);
        onBlur?.(e);
      }}
    />
  );
}
