/**
 * The last four digits of the phone number of a booking made in this tab, kept in sessionStorage by code, so the
 * confirmation screen shows itself after a reload without asking again. Nothing else personal is stored.
 */
const key = (code: string) => `linksite:booking:${code}`;

export function rememberPhone4(code: string, phone4: string): void {
  try {
    sessionStorage.setItem(key(code), phone4);
  } catch {
    // Storage refused (private mode): the confirmation asks for the digits instead.
  }
}

export function recallPhone4(code: string): string | null {
  try {
    return sessionStorage.getItem(key(code));
  } catch {
    return null;
  }
}
