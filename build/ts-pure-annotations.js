// @ts-check
/**
 * A TypeScript transformer for ts-loader (its `getCustomTransformers` option, stage `after`) that marks React's calls
 * without side effects as pure (`/*#__PURE__*\/`), as swc's and Babel's React transforms do:
 *
 * - the calls of the JSX runtime that TypeScript's `react-jsx` emit writes (`jsx`, `jsxs`; `jsxDEV` in development);
 * - React's `memo`, `forwardRef`, `lazy`, `createContext`, `createElement`, `cloneElement`, `createFactory`,
 *   `createRef`, `isValidElement`, and react-dom's `createPortal`, imported by name (`import { memo } from 'react'`)
 *   or called on a default or namespace import (`React.memo`).
 *
 * webpack's tree shaking then drops a module-level `const Slot = memo(function Slot() …)` that nothing uses, and what
 * only it imports: the first-screen server builds, which are not minified, would otherwise carry code they never run
 * (the shell's gained React Router's development build, 0.37 MB).
 */
const ts = require('typescript');

/** The pure functions of each module, by exported name. */
const PURE_EXPORTS = new Map([
  [
    'react',
    new Set([
      'cloneElement',
      'createContext',
      'createElement',
      'createFactory',
      'createRef',
      'forwardRef',
      'isValidElement',
      'lazy',
      'memo',
    ]),
  ],
  ['react-dom', new Set(['createPortal'])],
  ['react/jsx-runtime', new Set(['jsx', 'jsxs'])],
  ['react/jsx-dev-runtime', new Set(['jsxDEV'])],
]);

/**
 * @returns {ts.TransformerFactory<ts.SourceFile>} the transformer: each file's calls of the functions above, called
 *   through the file's own imports, get the leading comment `#__PURE__`
 */
function pureAnnotations() {
  return (context) => (sourceFile) => {
    /** Local names bound to a pure function. */
    const pureNames = new Set();
    /** Local names of a whole module (default or namespace import) → that module's pure exports. */
    const modules = new Map();
    for (const statement of sourceFile.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const pure = PURE_EXPORTS.get(statement.moduleSpecifier.text);
      const clause = statement.importClause;
      if (!pure || !clause || clause.isTypeOnly) continue;
      if (clause.name) modules.set(ts.idText(clause.name), pure);
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) modules.set(ts.idText(bindings.name), pure);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (!element.isTypeOnly && pure.has(ts.idText(element.propertyName ?? element.name))) {
            pureNames.add(ts.idText(element.name));
          }
        }
      }
    }
    if (pureNames.size === 0 && modules.size === 0) return sourceFile;

    /** @param {ts.Expression} callee */
    const isPure = (callee) =>
      ts.isIdentifier(callee)
        ? pureNames.has(ts.idText(callee))
        : ts.isPropertyAccessExpression(callee) &&
          ts.isIdentifier(callee.expression) &&
          ts.isIdentifier(callee.name) &&
          modules.get(ts.idText(callee.expression))?.has(ts.idText(callee.name)) === true;

    /** @type {(node: ts.Node) => ts.Node} */
    const visit = (node) => {
      const visited = ts.visitEachChild(node, visit, context);
      if (ts.isCallExpression(visited) && isPure(visited.expression)) {
        ts.addSyntheticLeadingComment(visited, ts.SyntaxKind.MultiLineCommentTrivia, '#__PURE__', false);
      }
      return visited;
    };
    return /** @type {ts.SourceFile} */ (ts.visitNode(sourceFile, visit));
  };
}

module.exports = { pureAnnotations };
