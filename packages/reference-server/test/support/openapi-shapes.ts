/**
 * The parts of an OpenAPI 3.1 document that these tests read, named so that a walk over the
 * served or published document is typed. Nothing checks the shape: the document is the SDK's own,
 * and a test that reads a part it lacks fails on that read.
 */

/** A schema, response, header or media type object: each keyword may be absent. */
export interface OpenApiNode {
  $ref?: string;
  type?: string;
  maxLength?: number;
  pattern?: string;
  anyOf?: OpenApiNode[];
  properties?: Record<string, OpenApiNode>;
  /** On a header object: whether every answer sends it. */
  required?: boolean;
  schema?: OpenApiNode;
  headers?: Record<string, OpenApiNode>;
  content?: Record<string, OpenApiNode>;
}

/** A parameter of an operation (path or query). */
export interface OpenApiParameter {
  name: string;
  schema: OpenApiNode;
}

/** One operation (a method of a path item). */
export interface OpenApiOperation {
  operationId: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, OpenApiNode> };
  responses: Record<string, OpenApiNode>;
}

/** The document itself. */
export interface OpenApiDocument {
  openapi: string;
  servers: { url: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, OpenApiNode> };
}
