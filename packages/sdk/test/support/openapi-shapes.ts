/**
 * The parts of the built OpenAPI 3.1 document (dist/openapi.json) that the tests read, named so
 * that a walk over it is typed. Nothing checks the shape here: the tests check the document, and a
 * read of a part it lacks fails on that read.
 */

/** A schema object: each keyword may be absent. */
export interface SchemaNode {
  $ref?: string;
  $schema?: string;
  $id?: string;
  type?: string;
  enum?: unknown[];
  maxLength?: number;
}

/** A header object of a response or of components.headers. */
export interface HeaderObject {
  schema: SchemaNode;
}

/** A media type object (`content['application/json']`). */
export interface MediaTypeObject {
  schema?: SchemaNode;
}

/** A response object, or a `$ref` to one in components.responses. */
export interface ResponseObject {
  $ref?: string;
  headers?: Record<string, HeaderObject>;
  content?: Record<string, MediaTypeObject>;
}

/** A path or query parameter. */
export interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
}

/** One operation of a path item. */
export interface OperationObject {
  operationId: string;
  summary?: string;
  tags?: string[];
  parameters?: ParameterObject[];
  requestBody?: { content?: Record<string, MediaTypeObject> };
  responses: Record<string, ResponseObject>;
  security?: unknown;
}

/** A security scheme of components.securitySchemes. */
export interface SecuritySchemeObject {
  type: string;
  description?: string;
}

/** The document (a type, not an interface: a validator takes it as a `Record<string, unknown>`). */
export type OpenApiDocument = {
  openapi: string;
  servers: unknown[];
  security: unknown;
  paths: Record<string, Partial<Record<string, OperationObject>>>;
  components: {
    schemas: Record<string, SchemaNode>;
    headers: Record<string, HeaderObject>;
    securitySchemes: Record<string, SecuritySchemeObject>;
  };
};
