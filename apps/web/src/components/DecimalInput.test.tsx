import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils.js';
import { DecimalInput } from './DecimalInput.js';

function Harness({ precision = 8, max, error }: { precision?: number; max?: string; error?: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <DecimalInput
        label="Amount"
        value={value}
        onChange={setValue}
        precision={precision}
        error={error}
        rightSection={
          <button type="button" onClick={() => setValue('25000')}>
            All
          </button>
        }
        {...(max ? { max } : {})}
      />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('250')}>
        Max
      </button>
    </>
  );
}

function value() {
  return screen.getByTestId('value').textContent;
}

function input() {
  return screen.getByLabelText('Amount') as HTMLInputElement;
}

describe('DecimalInput', () => {
  it('accepts digits only, with at most the precision', async () => {
    renderWithProviders(<Harness precision={2} />);
    await userEvent.type(input(), 'a1b2.345');
    expect(input().value).toBe('12.34');
  });

  it("turns a leading '.' into '0.' and strips leading zeros", async () => {
    renderWithProviders(<Harness />);
    await userEvent.type(input(), '.5');
    expect(input().value).toBe('0.5');
    await userEvent.clear(input());
    await userEvent.type(input(), '0007');
    expect(input().value).toBe('7');
  });

  it('refuses a paste it would read as another number, says so, and keeps what it had', async () => {
    renderWithProviders(<Harness />);
    await userEvent.type(input(), '7');
    for (const pasted of ['1e5', '-50', '0x10']) {
      await userEvent.clear(input());
      await userEvent.type(input(), '7');
      await userEvent.click(input());
      await userEvent.paste(pasted);
      expect(input().value).toBe('7');
      expect(value()).toBe('7');
      expect(screen.getByText(`“${pasted}” is not a plain amount, so it was not pasted`)).toBeInTheDocument();
    }
    // A value set from outside (Max) is no longer the one the paste left alone: the word goes.
    await userEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(input().value).toBe('250');
    expect(screen.queryByText(/is not a plain amount/)).toBeNull();
    await userEvent.click(input());
    await userEvent.paste('1e5');
    expect(screen.getByText('“1e5” is not a plain amount, so it was not pasted')).toBeInTheDocument();
    // Typing again clears the word; a paste it only cleans is taken.
    await userEvent.clear(input());
    expect(screen.queryByText(/is not a plain amount/)).toBeNull();
    await userEvent.paste('100 USDT');
    expect(value()).toBe('100');
  });

  it('says when typing is dropped, while the user types on, until they delete; not for a paste it cleans', async () => {
    renderWithProviders(<Harness />);
    const hint = 'Only digits and one decimal point can be typed here';
    await userEvent.type(input(), '1e');
    expect(input().value).toBe('1');
    expect(screen.getByText(hint)).toBeInTheDocument();
    // '1e5' shows as 15: still not what was typed, so still said.
    await userEvent.type(input(), '5');
    expect(input().value).toBe('15');
    expect(screen.getByText(hint)).toBeInTheDocument();
    await userEvent.type(input(), '{Backspace}');
    expect(screen.queryByText(hint)).toBeNull();
    await userEvent.type(input(), '..');
    expect(
      screen.getByText('A comma or point that neither marks the decimals nor groups thousands was left out'),
    ).toBeInTheDocument();
    await userEvent.clear(input());
    await userEvent.paste('100 USDT');
    expect(value()).toBe('100');
    expect(screen.queryByText(hint)).toBeNull();
  });

  it('forgets what it said once a button beside it sets the value, even the value already there', async () => {
    renderWithProviders(<Harness />);
    await userEvent.type(input(), '25000x');
    expect(screen.getByText('Only digits and one decimal point can be typed here')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(input().value).toBe('25000');
    expect(screen.queryByText('Only digits and one decimal point can be typed here')).toBeNull();
    await userEvent.click(input());
    await userEvent.paste('1e5');
    expect(screen.getByText('“1e5” is not a plain amount, so it was not pasted')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.queryByText(/is not a plain amount/)).toBeNull();
  });

  it('forgets what was dropped once the text is typed over', async () => {
    renderWithProviders(<Harness />);
    const hint = 'Only digits and one decimal point can be typed here';
    await userEvent.type(input(), '12abc');
    expect(input().value).toBe('12');
    expect(screen.getByText(hint)).toBeInTheDocument();
    // Selected whole and typed over: nothing of the slip is left in the field.
    input().setSelectionRange(0, 2);
    await userEvent.keyboard('9');
    expect(input().value).toBe('9');
    expect(screen.queryByText(hint)).toBeNull();
    // Replaced in one go (a fill, an autofill) the same.
    await userEvent.type(input(), 'x');
    expect(screen.getByText(hint)).toBeInTheDocument();
    fireEvent.change(input(), { target: { value: '34' } });
    expect(input().value).toBe('34');
    expect(screen.queryByText(hint)).toBeNull();
  });

  it('forgets what was dropped once none of it is left in the field: typed into an empty field, a valid start is not blamed', async () => {
    renderWithProviders(<Harness />);
    const hint = 'Only digits and one decimal point can be typed here';
    await userEvent.type(input(), 'abc');
    expect(input().value).toBe('');
    expect(screen.getByText(hint)).toBeInTheDocument();
    await userEvent.type(input(), '.5');
    expect(input().value).toBe('0.5');
    expect(value()).toBe('0.5');
    expect(screen.queryByText(hint)).toBeNull();
  });

  it('says when a decimal too many is cut, in a field of places or of whole numbers', async () => {
    renderWithProviders(<Harness precision={2} />);
    await userEvent.type(input(), '1.000');
    expect(input().value).toBe('1.00');
    expect(screen.getByText('At most 2 decimal places can be typed here')).toBeInTheDocument();
  });

  it('says it of whole numbers too, and a value set from outside clears it', async () => {
    renderWithProviders(<Harness precision={0} />);
    // The point is said at once, before any digit after it is refused.
    await userEvent.type(input(), '1.');
    expect(screen.getByText('Only whole numbers can be typed here')).toBeInTheDocument();
    expect(value()).toBe('1');
    await userEvent.type(input(), '5');
    expect(input().value).toBe('1.');
    expect(screen.getByText('Only whole numbers can be typed here')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(input().value).toBe('250');
    expect(screen.queryByText('Only whole numbers can be typed here')).toBeNull();
    await userEvent.type(input(), '1');
    expect(screen.queryByText('Only whole numbers can be typed here')).toBeNull();
  });

  it('says why a comma with too many places stands for no amount, and says the cut when blur makes it', async () => {
    renderWithProviders(<Harness precision={0} />);
    const pending = 'Whole numbers only: three digits after a comma make a thousands group';
    await userEvent.type(input(), '2,50');
    expect(input().value).toBe('2,50');
    expect(value()).toBe('');
    expect(screen.getByText(pending)).toBeInTheDocument();
    await userEvent.tab();
    expect(input().value).toBe('2');
    expect(value()).toBe('2');
    expect(screen.getByText('Only whole numbers can be typed here')).toBeInTheDocument();
    // Clean typing after the cut is not noted.
    await userEvent.type(input(), '4');
    expect(value()).toBe('24');
    expect(screen.queryByText(/whole numbers/i)).toBeNull();
    // Three digits make the comma a thousands group: no note.
    await userEvent.clear(input());
    await userEvent.type(input(), '2,500');
    expect(value()).toBe('2500');
    expect(screen.queryByText(pending)).toBeNull();
  });

  it('drops a note about decimals once blur settles the text without a cut', async () => {
    renderWithProviders(<Harness precision={0} />);
    await userEvent.type(input(), '1.');
    expect(screen.getByText('Only whole numbers can be typed here')).toBeInTheDocument();
    await userEvent.tab();
    expect(input().value).toBe('1');
    expect(screen.queryByText('Only whole numbers can be typed here')).toBeNull();
    await userEvent.type(input(), '4');
    expect(value()).toBe('14');
    expect(screen.queryByText('Only whole numbers can be typed here')).toBeNull();
  });

  it("shows its word as a note above the form's own error, both; a note alone is no error", () => {
    const withError = renderWithProviders(<Harness precision={2} error="Insufficient balance" />);
    fireEvent.change(input(), { target: { value: '1e' } });
    const note = screen.getByTestId('input-note');
    expect(note).toHaveTextContent('Only digits and one decimal point can be typed here');
    const error = screen.getByText('Insufficient balance');
    expect(note.compareDocumentPosition(error) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    withError.unmount();
    renderWithProviders(<Harness precision={2} />);
    fireEvent.change(input(), { target: { value: '1e' } });
    expect(screen.getByTestId('input-note')).toBeInTheDocument();
    expect(input()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a minus sign, saying so while the number typed after it is shown, and caps at 999999999999', async () => {
    renderWithProviders(<Harness />);
    await userEvent.type(input(), '-12');
    expect(input().value).toBe('12');
    expect(screen.getByText('Amounts cannot be negative: the minus sign was left out')).toBeInTheDocument();
    fireEvent.change(input(), { target: { value: '123456789012345' } });
    expect(input().value).toBe('999999999999');
    // The cut is said, until the next keystroke.
    expect(screen.getByText('At most 999,999,999,999 can be entered here')).toBeInTheDocument();
    await userEvent.type(input(), '{Backspace}');
    expect(screen.queryByText(/At most/)).toBeNull();
  });

  it('honours a custom cap', () => {
    renderWithProviders(<Harness max="100" />);
    fireEvent.change(input(), { target: { value: '250' } });
    expect(input().value).toBe('100');
    expect(screen.getByText('At most 100 can be entered here')).toBeInTheDocument();
  });

  it('says when a comma it cannot read as a point or a thousands group is dropped', async () => {
    renderWithProviders(<Harness />);
    const hint = 'A comma or point that neither marks the decimals nor groups thousands was left out';
    await userEvent.type(input(), '1,5');
    expect(value()).toBe('1.5');
    expect(screen.queryByText(hint)).toBeNull();
    await userEvent.type(input(), ',');
    expect(value()).toBe('15');
    expect(screen.getByText(hint)).toBeInTheDocument();
  });

  it("drops a trailing '.' and normalises integers on blur", async () => {
    renderWithProviders(<Harness />);
    await userEvent.type(input(), '5.');
    fireEvent.blur(input());
    expect(input().value).toBe('5');
    await userEvent.clear(input());
    await userEvent.type(input(), '3.000');
    fireEvent.blur(input());
    expect(input().value).toBe('3');
  });

  it('reaches the same value typed key by key as pasted, keeping the commas the user types', async () => {
    const cases = [
      ['1,000', '1000'],
      ['12,345', '12345'],
      ['1,000,000', '1000000'],
      ['1,000.5', '1000.5'],
      ['1,5', '1.5'],
      ['１０００', '1000'],
      ['1。5', '1.5'],
      ['1.000.000', '1000000'],
      ['1.234.567,89', '1234567.89'],
    ];
    renderWithProviders(<Harness />);
    for (const [keys, sent] of cases) {
      await userEvent.clear(input());
      await userEvent.type(input(), keys as string);
      expect(value()).toBe(sent);
      fireEvent.blur(input());
      expect(input().value).toBe(sent);
    }
  });

  it('shows a comma as typed, then the value it stands for on blur', async () => {
    renderWithProviders(<Harness />);
    await userEvent.type(input(), '1,');
    expect(input().value).toBe('1,');
    expect(value()).toBe('1');
    fireEvent.blur(input());
    expect(input().value).toBe('1');
    expect(value()).toBe('1');
  });

  it('shows a value set from outside over what was typed', async () => {
    renderWithProviders(<Harness />);
    await userEvent.type(input(), '1,5');
    await userEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(input().value).toBe('250');
    expect(value()).toBe('250');
  });

  it('leaves text an input method composes alone until it is committed', () => {
    renderWithProviders(<Harness />);
    fireEvent.compositionStart(input());
    fireEvent.change(input(), { target: { value: '５' } });
    expect(input().value).toBe('５');
    fireEvent.change(input(), { target: { value: '５０' } });
    expect(input().value).toBe('５０');
    expect(value()).toBe('');
    fireEvent.compositionEnd(input());
    expect(input().value).toBe('50');
    expect(value()).toBe('50');
  });

  it('keeps the caret where it was when an edit in the middle is rewritten', async () => {
    renderWithProviders(<Harness />);
    await userEvent.type(input(), '1000');
    input().setSelectionRange(1, 1);
    await userEvent.type(input(), '５7', { initialSelectionStart: 1, initialSelectionEnd: 1 });
    expect(input().value).toBe('157000');
    expect(input().selectionStart).toBe(3);
  });

  it('in a field of whole numbers, sends nothing while a comma may still group thousands, and cuts on blur', async () => {
    renderWithProviders(<Harness precision={0} />);
    await userEvent.type(input(), '1,0');
    expect(input().value).toBe('1,0');
    expect(value()).toBe('');
    fireEvent.blur(input());
    expect(input().value).toBe('1');
    expect(value()).toBe('1');
    await userEvent.clear(input());
    await userEvent.type(input(), '1,000');
    expect(value()).toBe('1000');
    await userEvent.clear(input());
    await userEvent.type(input(), '1.5');
    expect(input().value).toBe('1.');
    expect(value()).toBe('1');
  });
});
