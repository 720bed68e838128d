import { Children, isValidElement, type ComponentType, type ReactNode } from 'react';
import registry from '../../../remotes.json';

/**
 * A remote's screens are declared twice: as `<Route path>` elements in its own `src/routes.tsx` (what renders) and in
 * `remotes.json` (what the shell guards and hands to it, shell/src/remotes/remote-areas.tsx). This test keeps the two
 * the same (docs/decisions/0068-declared-once.md: a route added to one only is a screen the shell never opens, or one
 * it opens unguarded).
 */

/** Every `path` of the `<Route>` elements under `node` (a remote's Routes renders them directly), but the `*` fallback. */
function routePaths(node: ReactNode): string[] {
  return Children.toArray(node).flatMap((child) => {
    if (!isValidElement<{ path?: unknown; children?: ReactNode }>(child)) return [];
    const path = typeof child.props.path === 'string' && child.props.path !== '*' ? [child.props.path] : [];
    return [...path, ...routePaths(child.props.children)];
  });
}

const withRoutes = registry.remotes.filter((remote) => remote.exposes.includes('./Routes'));

test('every remote with screens is checked', () => {
  expect(withRoutes.map((remote) => remote.name)).toEqual(
    registry.remotes
      .filter((remote) => remote.adminRoutes.length + remote.publicRoutes.length > 0)
      .map((remote) => remote.name),
  );
});

test.each(withRoutes.map((remote) => [remote.name, remote] as const))(
  "%s: its Routes renders exactly the registry's administrator and public routes",
  (_name, remote) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Routes } = require(`../../../${remote.dir}/src/routes`) as { Routes: ComponentType };
    // The component renders its <Routes> element without hooks: its element tree is the route table.
    const rendered = (Routes as () => ReactNode)();
    expect(routePaths(rendered).sort()).toEqual(
      [...remote.adminRoutes.map((route) => route.path), ...remote.publicRoutes].sort(),
    );
  },
);
