import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';
import {
  findUnsafeInput,
  INT4_RANGE,
  type InputPath,
  schemaPointerFor,
  withIntegerBounds,
} from './input-rules.ts';

/** The keyword an input-rule failure reports (mapped to the field's catalogue error like any other). */
export const SAFE_INPUT_KEYWORD = 'safeInput';

interface ValidatorOptions {
  parentData?: unknown;
  parentDataProperty?: string | number;
}
interface AjvLikeError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message: string;
}
type Validate = ((data: unknown, options?: ValidatorOptions) => boolean) & {
  errors?: unknown[] | null;
  schemaEnv?: unknown;
};
type RouteSchema = { schema: unknown; httpPart?: string; method?: string; url?: string };

const pointer = (path: InputPath) =>
  path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** The header part is matched lower-case (Fastify's own compiler does this, not a custom one). */
function lowerCaseHeaders(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object') return schema;
  const s = schema as { properties?: Record<string, unknown>; required?: string[] };
  if (!s.properties) return schema;
  return {
    ...s,
    properties: Object.fromEntries(
      Object.entries(s.properties).map(([k, v]) => [k.toLowerCase(), v]),
    ),
    ...(s.required ? { required: s.required.map((k) => k.toLowerCase()) } : {}),
  };
}

/**
 * Fastify's Ajv validator compiler with the input rules of input-rules.ts, for every route part
 * that has a schema: integers without bounds get int4's, and after Ajv has validated (and
 * coerced) a value, a string with NUL or an unpaired surrogate, or a number that is not finite,
 * fails as a schema error of its field (so it answers the field's catalogue error).
 */
export function inputRulesCompilers(): NonNullable<FastifyServerOptions['schemaController']> {
  const ajvFactory = AjvCompiler();
  return {
    compilersFactory: {
      buildValidator(externalSchemas: unknown, ajvOptions: unknown) {
        const compile = ajvFactory(
          externalSchemas as Parameters<typeof ajvFactory>[0],
          ajvOptions as Parameters<typeof ajvFactory>[1],
        ) as unknown as (route: RouteSchema) => Validate;
        const options = (ajvOptions ?? {}) as { customOptions?: Record<string, unknown> };
        // The same schemas without coercion, to check what the coercing pass left behind.
        const compileStrict = ajvFactory(
          externalSchemas as Parameters<typeof ajvFactory>[0],
          {
            ...options,
            customOptions: { ...options.customOptions, coerceTypes: false },
          } as Parameters<typeof ajvFactory>[1],
        ) as unknown as (route: RouteSchema) => Validate;
        return (route: RouteSchema) => {
          const part = route.httpPart === 'headers' ? lowerCaseHeaders(route.schema) : route.schema;
          const schema = withIntegerBounds(part, INT4_RANGE);
          const validate = compile({ ...route, schema });
          // Ajv's array coercion inside anyOf (null | integer) can accept [1] yet leave the array
          // in the body: a body must also hold as it is, uncoerced (else PostgreSQL meets '{1}').
          const strict = route.httpPart === 'body' ? compileStrict({ ...route, schema }) : null;
          const checked: Validate = (data, options) => {
            if (!validate(data, options)) {
              checked.errors = validate.errors;
              return false;
            }
            if (strict && !strict(data, options)) {
              checked.errors = strict.errors;
              return false;
            }
            // Ajv may have replaced a coerced root value in its parent.
            const value =
              options?.parentData && options.parentDataProperty !== undefined
                ? (options.parentData as Record<string | number, unknown>)[
                    options.parentDataProperty
                  ]
                : data;
            const path = findUnsafeInput(value);
            if (!path) {
              checked.errors = null;
              return true;
            }
            const error: AjvLikeError = {
              keyword: SAFE_INPUT_KEYWORD,
              instancePath: pointer(path),
              schemaPath: `${schemaPointerFor(schema, path)}/${SAFE_INPUT_KEYWORD}`,
              params: {},
              message: 'must be finite and valid text',
            };
            checked.errors = [error];
            return false;
          };
          if (validate.schemaEnv) checked.schemaEnv = validate.schemaEnv;
          return checked;
        };
      },
    },
  } as NonNullable<FastifyServerOptions['schemaController']>;
}
