import type { RouteCors } from '../contract/route-cors.js';

type ClassOrMethodDecorator = ClassDecorator & MethodDecorator;
const marker = (() => undefined) as ClassOrMethodDecorator;

/**
 * Overrides the application's CORS settings for a controller or a handler (the handler's fields
 * win over the controller's, which win over the application's), or turns CORS off there with
 * `false`. A marker: `framework-build` reads its literal argument into the route table, and
 * refuses `credentials: true` with `origins: '*'` at your line.
 *
 * @example
 * @Cors({ origins: ['https://admin.example.com'], credentials: true })
 * @Controller('/admin') export class AdminController {}
 *
 * @Cors(false)
 * @Get('/internal') internal() {}
 */
export function Cors(_override: RouteCors): ClassOrMethodDecorator {
  return marker;
}
