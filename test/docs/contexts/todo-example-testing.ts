// A test of the todo example: its testing module and a bearer token.
import type { TestingModule } from '@framework/testing';
import type { TodoChange } from '../src/todo/todo-changes.js';
declare const t: TestingModule;
declare const authorization: string;
