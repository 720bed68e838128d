import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { NextFunction, Request, Response } from 'express';
import { ErrorResponse } from '../common/dto/error-response.dto';

/** One answer that the OpenAPI document does not describe. */
export interface ContractViolation {
  request: string;
  status: number;
  problem: string;
}

/**
 * OpenAPI 3.0's `nullable: true` as JSON Schema (ajv reads JSON Schema): `{ anyOf: [<schema>, { type: 'null' }] }`,
 * everywhere in the document.
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const { nullable, ...rest } = node as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, toJsonSchema(value)]));
  return nullable === true ? { anyOf: [converted, { type: 'null' }] } : converted;
}

/** `/api/main/select/:id` (Express) → `/api/main/select/{id}` (OpenAPI). */
const openApiPath = (expressPath: string): string => expressPath.replace(/:([A-Za-z_]\w*)/g, '{$1}');

/** A JSON pointer segment (RFC 6901). */
const pointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Checks every JSON answer of the app against its OpenAPI document with ajv, so the document cannot lie about the
 * wire (docs/decisions/0020-one-contract.md): the schema of the matched operation and status; an error status the
 * operation does not list is checked against the error envelope (docs/decisions/0001-response-envelope.md: every error
 * has it); an undocumented success status is a violation. Install before `app.init()`; read `violations` after the
 * requests.
 */
export function checkAnswersAgainstContract(app: INestApplication, document: OpenAPIObject): ContractViolation[] {
  const violations: ContractViolation[] = [];
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(toJsonSchema(document) as object, 'openapi.json');
  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (ref: string): ValidateFunction => {
    let validate = validators.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi.json#${ref}` });
      validators.set(ref, validate);
    }
    return validate;
  };
  const errorSchema = `/components/schemas/${ErrorResponse.name}`;

  app.use((req: Request, res: Response, next: NextFunction) => {
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const request = `${req.method} ${req.originalUrl}`;
      const status = res.statusCode;
      const problem = (() => {
        const route = (req.route as { path?: string } | undefined)?.path;
        const path = route ? openApiPath(route) : undefined;
        const method = req.method.toLowerCase();
        const operation = path
          ? (document.paths[path] as Record<string, { responses?: Record<string, unknown> }> | undefined)?.[method]
          : undefined;
        let ref: string;
        if (operation?.responses?.[String(status)]) {
          const response = operation.responses[String(status)] as { content?: Record<string, unknown> };
          if (!response.content?.['application/json']) return `status ${status} is documented without a JSON body`;
          ref = `/paths/${pointer(path!)}/${method}/responses/${status}/content/${pointer('application/json')}/schema`;
        } else if (status >= 400) {
          ref = errorSchema;
        } else {
          return `status ${status} of ${path ?? 'an unknown route'} is not in the document`;
        }
        const validate = validatorFor(ref);
        return validate(body) ? null : ajv.errorsText(validate.errors, { dataVar: 'body' });
      })();
      if (problem) violations.push({ request, status, problem });
      return json(body);
    };
    next();
  });
  return violations;
}
