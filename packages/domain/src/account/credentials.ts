/**
 * What an email and a password must be, written once: the API's schema checks them, and the sign-up
 * and login forms say what is wrong before sending.
 */
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/**
 * A password is more than blanks: somewhere in it a letter, digit, punctuation or symbol (white space
 * and invisible characters such as zero-width spaces do not count), and it has no control character
 * (a tab, a line break, a NUL: none is typed into a password field) and no lone half of a UTF-16
 * pair (it cannot be encoded: every such password would hash as the same replacement character). A Unicode pattern: the
 * validator compiles patterns with the u flag, as the forms do.
 */
const VISIBLE = '[\\p{L}\\p{N}\\p{P}\\p{S}]';
/** Not a character of a password: a control character, or half of a UTF-16 pair left alone. */
const UNUSABLE = '\\p{Cc}\\p{Cs}';
export const PASSWORD_PATTERN = `^[^${UNUSABLE}]*${VISIBLE}[^${UNUSABLE}]*$`;

/**
 * An address of printable ASCII, as the API has always taken it (the validator's email format, in
 * its fast form): a local part of at most 64 letters, digits, dots and !#$%&'*+/=?^_`{|}~- (the
 * mail standard's limit), and a domain of at least two labels (a missing ending such as name@gmail
 * is a typo, not an address).
 */
export const EMAIL_PATTERN =
  "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$";

const email = new RegExp(EMAIL_PATTERN);
const visible = new RegExp(VISIBLE, 'u');
const unusable = new RegExp(`[${UNUSABLE}]`, 'u');

export type CredentialsProblem =
  | 'emailInvalid'
  | 'passwordShort'
  | 'passwordLong'
  | 'passwordBlank'
  | 'passwordControl';

/** What is wrong with an email as typed (it is sent trimmed), if anything. */
export function emailProblem(typed: string): CredentialsProblem | null {
  const value = typed.trim();
  return value.length <= EMAIL_MAX_LENGTH && email.test(value) ? null : 'emailInvalid';
}

/** What is wrong with a password, if anything (it is sent as typed). */
export function passwordProblem(password: string): CredentialsProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'passwordShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'passwordLong';
  if (unusable.test(password)) return 'passwordControl';
  if (!visible.test(password)) return 'passwordBlank';
  return null;
}
