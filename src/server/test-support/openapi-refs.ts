/** The references of an OpenAPI document that name nothing in it (every $ref must be a local pointer that resolves). */
export function danglingRefs(doc: unknown): string[] {
  const resolves = (ref: string): boolean => {
    if (!ref.startsWith('#/')) return false;
    let at: unknown = doc;
    for (const part of ref.slice(2).split('/')) {
      const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
      if (!at || typeof at !== 'object' || !(key in at)) return false;
      at = (at as Record<string, unknown>)[key];
    }
    return true;
  };
  const dangling: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && !resolves(value)) dangling.push(value);
        else walk(value);
      }
    }
  };
  walk(doc);
  return dangling;
}
