import { METHODS } from 'node:http';
import { RequestMethod, type INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { IS_PUBLIC } from '../auth/public.decorator';
import { ROLES } from '../auth/roles.decorator';
import type { SiteRole } from '../common/shared-rules';
import { API_PREFIX } from '../common/api-prefix';

/** One route: upper-case method (`ALL` for `@All()`) and full Express path (`/api/main/select/:id`). */
export interface RegisteredRoute {
  method: string;
  path: string;
}

/**
 * A controller route with the access its metadata gives it (docs/decisions/0005-authentication.md: signed in unless
 * `@Public()`; docs/decisions/0079-roles.md: `owner` plus the roles `@Roles(...)` names).
 */
export interface ControllerRoute extends RegisteredRoute {
  public: boolean;
  /** The site roles that may call it: `owner` first, then those of `@Roles(...)`; meaningless when `public`. */
  roles: SiteRole[];
  /** `LinksController.list`, for messages. */
  handler: string;
}

const joinPath = (...parts: string[]): string =>
  `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/')}`;

/**
 * Every route of every controller in the app, read from Nest's metadata (the `@Get()`/`@Post()`… path and method,
 * the controller path, the global prefix) with `public` from `@Public()` and `roles` from `@Roles()` on the handler
 * or the controller, exactly as AccessPolicyGuard and RolesGuard read them. Sorted by path, then method.
 */
export function controllerRoutes(app: INestApplication): ControllerRoute[] {
  const reflector = new Reflector();
  const scanner = new MetadataScanner();
  const routes: ControllerRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const controllerPaths = [Reflect.getMetadata(PATH_METADATA, controller) as string | string[]].flat();
      for (const name of scanner.getAllMethodNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
        const methodPath = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (methodPath === undefined) continue;
        const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod;
        const isPublic = reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, controller]) === true;
        const roles = reflector.getAllAndOverride<SiteRole[] | undefined>(ROLES, [handler, controller]) ?? [];
        for (const base of controllerPaths) {
          for (const sub of [methodPath].flat()) {
            routes.push({
              method: RequestMethod[requestMethod],
              path: joinPath(API_PREFIX, base ?? '', sub),
              public: isPublic,
              roles: ['owner', ...roles],
              handler: `${controller.name}.${name}`,
            });
          }
        }
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/**
 * Every route registered on the Express app right now, read from its router (Express 5 `app.router`, Express 4
 * `app._router`): Nest's controllers as well as what is mounted outside them (Swagger's pages). The matrix compares
 * it with {@link controllerRoutes}, so a route that bypasses Nest's guards cannot hide. Sorted by path, then method.
 * @throws Error when the router has no stack (an Express that keeps routes elsewhere: fail loudly, not green).
 */
export function registeredRoutes(app: NestExpressApplication): RegisteredRoute[] {
  const express = app.getHttpAdapter().getInstance() as { router?: { stack?: Layer[] }; _router?: { stack?: Layer[] } };
  const stack = (express.router ?? express._router)?.stack;
  if (!stack) throw new Error('Express router stack not found');
  const routes: RegisteredRoute[] = [];
  for (const layer of stack) {
    if (layer.handle?.stack) throw new Error('Nested Express routers are not enumerated; extend registeredRoutes');
    if (!layer.route) continue; // middleware
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    const methods = Object.keys(layer.route.methods).filter((m) => layer.route!.methods[m]);
    // app.all() registers every HTTP method of Node (ACL, BIND, …), or `_all` in older routers: one ALL.
    const all = methods.includes('_all') || METHODS.every((m) => methods.includes(m.toLowerCase()));
    for (const method of all ? ['ALL'] : methods.map((m) => m.toUpperCase())) {
      for (const path of paths) routes.push({ method, path });
    }
  }
  const seen = new Set<string>();
  return routes
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/**
 * A concrete URL for a route pattern: `:key` → 64 zeros (an image key), any other `:param` → 1, optional
 * `{…}` groups dropped, `*splat` → `x`.
 */
export function samplePath(pattern: string): string {
  return pattern
    .replace(/\{[^}]*\}/g, '')
    .replace(/:key\b/g, '0'.repeat(64))
    .replace(/:[A-Za-z_$][\w$]*/g, '1')
    .replace(/\*[A-Za-z_$][\w$]*/g, 'x');
}

/** The supertest method that exercises a route: ALL is tried with POST. */
export const requestMethod = (
  route: RegisteredRoute,
): 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options' =>
  (route.method === 'ALL' ? 'post' : route.method.toLowerCase()) as ReturnType<typeof requestMethod>;
