import {
  decimalInputValue,
  MAX_AMOUNT,
  pastedAsOtherNumber,
  settledDecimalInput,
  settledInputNote,
  shownDecimalInput,
  type TypedInputNote,
  typedInputNote,
} from '@earn/domain';
import { Group, Text, TextInput, type TextInputProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/use-format.js';

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
 * '.' and normalises integers. While the user types, the field keeps their commas and points while
 * they may still group thousands ('1,' on the way to '1,000'); `value` is always a plain decimal,
 * or empty while the text holds more places than the field takes and only blur can say which it is.
 * Text an input method is composing is left alone until it is committed, and an edit in the middle
 * keeps the caret where it was. A paste the rule would read as another number ('1e5', '-50') is
 * refused, with a word, and the field keeps what it had; what typing put in and the field does not
 * show (a dropped character, a stray comma, a decimal too many, more than the maximum) is said too,
 * as a note under the field and above the form's own error.
 */
export function DecimalInput({
  value,
  onChange,
  precision,
  allowNegative,
  max,
  onBlur,
  onPaste,
  error,
  ...rest
}: DecimalInputProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  // A refused paste, said while the field still holds the value it kept (not once Max sets another).
  const [refusedPaste, setRefusedPaste] = useState<{ text: string; kept: string } | null>(null);
  // What typing put in and the field does not show (a letter, a stray comma, more than the maximum):
  // said while the user types on, since the text still differs from what they meant, until they
  // delete, the value is set from outside, or the field they type into is empty. A decimal too many
  // is said only while it is typed, or when blur cuts one.
  const [note, setNote] = useState<TypedInputNote | null>(null);
  const pasted = useRef(false);
  const rules = { precision, ...(allowNegative ? { allowNegative } : {}), ...(max ? { max } : {}) };
  const [typed, setTyped] = useState(value);
  const [composing, setComposing] = useState<string | null>(null);
  const isComposing = useRef(false);
  const field = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  // A value set from outside (Max, a reset after submit) replaces what was typed.
  const typedIsShown = decimalInputValue(typed, rules) === value;
  const shown = composing ?? (typedIsShown ? typed : value);

  const noteText =
    note === null || !typedIsShown
      ? null
      : note === 'capped'
        ? t('input.capped', { max: fmt.amount(max ?? MAX_AMOUNT) })
        : note === 'places'
          ? precision === 0
            ? t('input.wholeOnly')
            : t('input.places', { count: precision })
          : note === 'grouping'
            ? precision === 0
              ? t('input.groupingWhole')
              : t('input.grouping', { count: precision })
            : t(
                note === 'dropped'
                  ? 'input.typedDropped'
                  : note === 'sign'
                    ? 'input.signDropped'
                    : 'input.separatorDropped',
              );

  useLayoutEffect(() => {
    const at = caret.current;
    caret.current = null;
    if (at !== null && field.current === document.activeElement) field.current?.setSelectionRange(at, at);
  });

  function take(input: HTMLInputElement) {
    const raw = input.value;
    const next = shownDecimalInput(raw, rules);
    const end = input.selectionStart ?? raw.length;
    caret.current = end < raw.length ? caretIn(next, raw.slice(0, end)) : null;
    setTyped(next);
    setRefusedPaste(null);
    // A paste it takes drops words and symbols around the number ('100 USDT') on purpose.
    const typedNote = typedInputNote(raw, rules);
    if (pasted.current) setNote(typedNote === 'dropped' ? null : typedNote);
    // Typed into an empty field, nothing of an earlier slip is left in the text to be told about,
    // except a minus: the number typed after it is the opposite of what was meant. Nor is it once
    // the text is deleted from or replaced (selected and typed over).
    else
      setNote(
        typedNote ??
          (!insertsInto(shown, raw) || !typedIsShown || (shown === '' && note !== 'sign') ? null : lasting(note)),
      );
    pasted.current = false;
    onChange(decimalInputValue(raw, rules));
  }

  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      ref={field}
      value={shown}
      error={error}
      // A refusal is said as it appears, not only when the reader comes back to the field.
      errorProps={{ role: 'alert', ...rest.errorProps }}
      // A button beside the field (Max) sets its value from outside: what was said of the text typed
      // or pasted before no longer stands, even when the value it sets is the one already there.
      rightSectionProps={{
        ...rest.rightSectionProps,
        onClickCapture: (e) => {
          setNote(null);
          setRefusedPaste(null);
          rest.rightSectionProps?.onClickCapture?.(e);
        },
      }}
      inputContainer={(input) => (
        <>
          {input}
          <InputNote
            text={refusedPaste?.kept === value ? t('input.pasteRefused', { text: refusedPaste.text }) : noteText}
          />
        </>
      )}
      onPaste={(e) => {
        const text = e.clipboardData.getData('text');
        if (pastedAsOtherNumber(text, rules)) {
          e.preventDefault();
          setRefusedPaste({ text: text.length > 24 ? `${text.slice(0, 24)}…` : text, kept: value });
        } else pasted.current = true;
        onPaste?.(e);
      }}
      onCompositionStart={(e) => {
        isComposing.current = true;
        setComposing(e.currentTarget.value);
      }}
      onCompositionEnd={(e) => {
        isComposing.current = false;
        setComposing(null);
        take(e.currentTarget);
      }}
      onChange={(e) => {
        if (isComposing.current) setComposing(e.currentTarget.value);
        else take(e.currentTarget);
      }}
      onBlur={(e) => {
        const settled = settledDecimalInput(shown, rules);
        setTyped(settled);
        setNote(settledInputNote(shown, rules) ?? lasting(note));
        if (settled !== value) onChange(settled);
        onBlur?.(e);
      }}
    />
  );
}

/** A note that still holds for the text typed on: not one about decimals, said only as they are cut. */
function lasting(note: TypedInputNote | null): TypedInputNote | null {
  return note === 'places' || note === 'grouping' ? null : note;
}

/**
 * The field's word on its text, under it and above the form's own error: a note in plain grey beside
 * an amber mark, not an error in red, since what the field shows is a number the form can take.
 */
function InputNote({ text }: { text: string | null }) {
  if (text === null) return null;
  return (
    <Group gap={4} mt={5} wrap="nowrap" align="flex-start" role="status" data-testid="input-note">
      <IconAlertTriangle size={14} color="var(--mantine-color-orange-6)" style={{ flex: 'none', marginTop: 2 }} />
      <Text size="xs" c="gray.7">
        {text}
      </Text>
    </Group>
  );
}

/** Whether `after` is `before` with text put in at one place (typed on), not deleted from or replaced. */
function insertsInto(before: string, after: string): boolean {
  if (after.length < before.length) return false;
  let head = 0;
  while (head < before.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return head + tail === before.length;
}

/** Where the caret goes in `shown`: after as many digits as were before it in what was typed. */
function caretIn(shown: string, beforeCaret: string): number {
  let digits = beforeCaret.replace(/[^\d\uFF10-\uFF19]/g, '').length;
  if (digits === 0) return 0;
  for (let i = 0; i < shown.length; i++) {
    if (/\d/.test(shown.charAt(i)) && --digits === 0) return i + 1;
  }
  return shown.length;
}
