import { identityAdminOf } from './identity-admin';

describe('identityAdminOf', () => {
  it('reads a Keycloak realm issuer as Keycloak, with the users page of its admin console on the public address', () => {
    expect(
      identityAdminOf({
        issuer: 'https://id.example.com/realms/linksite',
        discoveryUrl: 'http://keycloak:8080/realms/linksite',
      }),
    ).toEqual({ kind: 'keycloak', consoleUrl: 'https://id.example.com/admin/linksite/console/#/linksite/users' });
    // Keycloak under a path (the old /auth prefix), and a trailing slash.
    expect(identityAdminOf({ issuer: 'http://localhost:8081/auth/realms/shop/', discoveryUrl: 'x' })).toEqual({
      kind: 'keycloak',
      consoleUrl: 'http://localhost:8081/auth/admin/shop/console/#/shop/users',
    });
  });

  it('reads any other issuer as the embedded provider, whose account API is under the internal discovery URL', () => {
    expect(identityAdminOf({ issuer: 'http://localhost:8090', discoveryUrl: 'http://localhost:8090' })).toEqual({
      kind: 'embedded',
      accountsUrl: 'http://localhost:8090/accounts',
    });
    expect(identityAdminOf({ issuer: 'https://site.example/idp', discoveryUrl: 'http://idp:8090/' })).toEqual({
      kind: 'embedded',
      accountsUrl: 'http://idp:8090/accounts',
    });
  });
});
