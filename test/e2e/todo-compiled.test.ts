// The example's contract against its tsc output, started as `npm start` does, in a child process.
import { fileURLToPath } from 'node:url';
import { launch } from '../launch.js';
import { registerTodoSuites } from './todo-suite.js';

const main = fileURLToPath(new URL('../../examples/todo/dist/examples/todo/src/main.js', import.meta.url));

registerTodoSuites('node, compiled by tsc', () => launch(process.execPath, [main], { env: { JWT_SECRET: 'e2e-secret-of-at-least-thirty-two-bytes' } }));
