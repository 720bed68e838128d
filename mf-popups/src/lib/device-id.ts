/** Where the booking page keeps its device id (localStorage). */
const STORAGE_KEY = 'linksite:device-id';

let inMemory: string | null = null;

/**
 * A random id for this browser, sent as the `Device-Id` header of booking requests, so the API's per-visitor booking
 * budget counts this phone and not the address it shares with others behind a carrier's NAT
 * (docs/decisions/0074-waiting-room.md). It names no one, is made here (no server gave it) and is used by the rate
 * limit only. Kept in localStorage; where storage is refused, for this page's life.
 */
export function deviceId(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored && /^[A-Za-z0-9_-]{16,64}$/.test(stored)) return stored;
    const made = crypto.randomUUID();
    localStorage.setItem(STORAGE_KEY, made);
    return made;
  } catch {
    inMemory ??= crypto.randomUUID();
    return inMemory;
  }
}
