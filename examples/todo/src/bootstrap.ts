import { FrameworkApplication } from '@framework/core';
import { tables } from '../../../generated/todo/tables.js';
import { AppModule } from './app.module.js';

/**
 * Creates and initialises the todo application without listening, so tests can
 * `listen(0)` on a free port.
 */
export async function bootstrap(): Promise<FrameworkApplication> {
  const app = new FrameworkApplication(tables);
  await app.init(AppModule);
  return app;
}
