import { METHODS } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';

/** One route as Express will dispatch it: upper-case method (`ALL` for `@All()`) and full path. */
export interface RegisteredRoute {
  method: string;
  path: string;
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/**
 * Every route registered on the Express app right now, read from its router (Express 5 `app.router`, Express 4
 * `app._router`) — Nest's controllers as well as Swagger's pages. Used by the authorization matrix so that a
 * route added later is checked without anyone listing it. Sorted by path, then method.
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
 * The access rule of DECISIONS D3/D5 for a route: public = a GET outside /api/popup; everything else (every
 * write, every popup read) needs the administrator.
 */
export const isPublicRoute = (route: RegisteredRoute): boolean =>
  route.method === 'GET' && !/^\/api\/popup(\/|$)/.test(route.path);

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
export const requestMethod = (route: RegisteredRoute): 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options' =>
  (route.method === 'ALL' ? 'post' : route.method.toLowerCase()) as ReturnType<typeof requestMethod>;
