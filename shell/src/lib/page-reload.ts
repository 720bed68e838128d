/** Loads the page again (a module of its own so tests can watch it: jsdom's `location.reload` cannot be replaced). */
export function reloadPage(): void {
  window.location.reload();
}
