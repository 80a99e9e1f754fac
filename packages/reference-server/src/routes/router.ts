import type { Route } from './route.js';

/** The route found for a request, with its decoded path parameters. */
export type RouteMatch = { kind: 'route'; route: Route; params: Record<string, string> } | { kind: 'method-not-allowed'; allow: string[] } | { kind: 'not-found' };

interface Node {
  children: Map<string, Node>;
  param?: { name: string; node: Node };
  methods: Map<string, Route>;
}

const newNode = (): Node => ({ children: new Map(), methods: new Map() });

/** `/calendars/` and `/calendars` are the same resource: empty segments are skipped. */
function segmentsOf(path: string): string[] {
  // A scan rather than split + filter: one array, no intermediate one, on every request.
  const segments: string[] = [];
  let start = 0;
  while (start < path.length) {
    let end = path.indexOf('/', start);
    if (end === -1) end = path.length;
    if (end > start) segments.push(path.slice(start, end));
    start = end + 1;
  }
  return segments;
}

function decode(segment: string): string {
  // Most segments (ids) hold no escape: no decoding, no try frame on the hot path.
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A segment trie over the route table: static segments win over parameters
 * (`/calendars/bake` before `/calendars/{calendarId}`), lookups cost the depth of the path,
 * not the number of routes. Both bindings route through it.
 */
export class Router {
  readonly #root = newNode();

  constructor(routes: readonly Route[]) {
    for (const route of routes) this.#add(route);
  }

  /**
   * The route for a method and path. `HEAD` takes the `GET` route (RFC 9110: same status and
   * headers, no body; the bindings leave the body out), and every `Allow` names it.
   */
  match(method: string, path: string): RouteMatch {
    const params: Record<string, string> = {};
    const node = this.#find(this.#root, segmentsOf(path), 0, params);
    if (!node) return { kind: 'not-found' };
    // Node hands methods in upper case already; other bindings may not.
    const upper = method === 'GET' ? method : method.toUpperCase();
    const route = node.methods.get(upper === 'HEAD' ? 'GET' : upper);
    if (!route) {
      const allow = [...node.methods.keys()];
      return { kind: 'method-not-allowed', allow: allow.includes('GET') ? [...allow, 'HEAD'] : allow };
    }
    return { kind: 'route', route, params };
  }

  #add(route: Route): void {
    let node = this.#root;
    for (const segment of segmentsOf(route.operation.path)) {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param) {
        node.param ??= { name: param[1]!, node: newNode() };
        node = node.param.node;
      } else {
        let child = node.children.get(segment);
        if (!child) node.children.set(segment, (child = newNode()));
        node = child;
      }
    }
    node.methods.set(route.operation.method, route);
  }

  #find(node: Node, segments: string[], index: number, params: Record<string, string>): Node | undefined {
    if (index === segments.length) return node.methods.size > 0 ? node : undefined;
    const segment = segments[index]!;
    const child = node.children.get(segment);
    const found = child && this.#find(child, segments, index + 1, params);
    if (found) return found;
    if (!node.param) return undefined;
    const viaParam = this.#find(node.param.node, segments, index + 1, params);
    if (viaParam) params[node.param.name] = decode(segment);
    return viaParam;
  }
}
