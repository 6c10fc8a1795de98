/**
 * The password rules, checked in the order the workspace platform reports them, so a legacy caller
 * sees the same first failing rule (and message) it always has.
 */
export const PASSWORD_MAX_LENGTH = 128;

const rules: Array<{ failed: (pw: string) => boolean; message: string }> = [
  { failed: (pw) => !/\p{Nd}/u.test(pw), message: 'Your password must contain at least one number.' },
  { failed: (pw) => [...pw].length < 8, message: 'Your password must be at least 8 characters long' },
  {
    failed: (pw) => [...pw].length > PASSWORD_MAX_LENGTH,
    message: `Your password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  },
  {
    // "Neither a letter, a digit nor white space": a digit is what the number rule counts (\p{Nd}), so ², ½ or Ⅻ are special.
    failed: (pw) => !/[^\p{L}\p{Nd}\s]/u.test(pw),
    message: 'Your password must contain at least one special character.',
  },
  { failed: (pw) => !/\p{Ll}/u.test(pw), message: 'Your password must contain at least one lower case character.' },
  { failed: (pw) => !/\p{Lu}/u.test(pw), message: 'Your password must contain at least one upper case character.' },
];

/** The message of the first rule the password breaks, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  return rules.find((rule) => rule.failed(password))?.message;
}
