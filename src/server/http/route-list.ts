/**
 * The routes the app registered, with their config, so tests can walk every call (rights on
 * every route, fuzzing every route's parameters) without a hand-kept list that drifts.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
  config: RouteOptions['config'];
  /** The declared schemas of its parts (params, querystring, body, response). */
  schema: RouteOptions['schema'];
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

/**
 * Records every route registered after this call, in every plugin context. Its config and schemas
 * are read when asked: a plugin's own onRoute hook, which runs after this one, may still set them
 * (the documentation's routes get their access that way: http/api-docs.ts).
 */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        get config() {
          return route.config;
        },
        get schema() {
          return route.schema;
        },
      });
    }
  });
}
