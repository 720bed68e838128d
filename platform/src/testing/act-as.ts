// Test helper (jest only): a signed-in member of the team, as the shell's guard leaves the store before a remote's
// screen renders, without a Keycloak instance.
import type { SiteRole } from '@linksite/contract/api-rules';
import { authStore } from '../auth/auth-store';

/**
 * Puts a signed-in user with `siteRoles` in the auth store (docs/decisions/0079-roles.md), so a remote's screen
 * rendered on its own shows what that role may use (`useMayUse`). Undone by `resetAuth()`.
 */
export function actAs(...siteRoles: SiteRole[]): void {
  authStore.setState({
    initialized: true,
    authenticated: true,
    loading: false,
    error: null,
    siteRoles,
    isAdmin: siteRoles.length > 0,
    profile: { username: siteRoles[0] ?? 'nobody', name: '', email: '', roles: siteRoles },
  });
}
