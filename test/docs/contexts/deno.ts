// Deno's global, as much of it as the sample calls; and an application after init.
import { FrameworkApplication } from '@framework/core';
declare const app: FrameworkApplication;
declare const Deno: {
  serve(handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>): unknown;
};
