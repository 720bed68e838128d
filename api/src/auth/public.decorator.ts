import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

/** Metadata key of {@link Public}, read by AccessPolicyGuard and by the authorization matrix. */
export const IS_PUBLIC = 'linksite:public';

/** OpenAPI extension that marks a public operation; the document builder turns it into `security: []`. */
export const PUBLIC_EXTENSION = 'x-linksite-public';

/**
 * Opens a route (or a whole controller) to everyone. Every route is administrator-only unless it carries this
 * (docs/decisions/0003-api-calls.md, docs/decisions/0005-authentication.md, secure by default: AccessPolicyGuard is
 * global), so a route added without a thought is closed. Public today: the visitor's reads (store, one link, plans,
 * tags, images, cover) and the health probes.
 */
export const Public = (): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension(PUBLIC_EXTENSION, true));
