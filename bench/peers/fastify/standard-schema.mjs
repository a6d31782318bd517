// Fastify 5 with the bench's Zod, Valibot and ArkType schemas (apps/standard-schema/src/schemas.ts,
// run under tsx): Zod through fastify-type-provider-zod's validator compiler, Valibot and ArkType
// through a validator compiler calling the library's Standard Schema `validate` (neither has a
// maintained Fastify type provider; this is what such a provider's compiler does). The answers
// are the framework's bench app's.
import Fastify from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { port } from '../shared/common.mjs';
import * as schemas from '../../apps/standard-schema/src/schemas.ts';

const app = Fastify({ logger: false });
const standardCompiler = ({ schema }) => (data) => {
  const result = schema['~standard'].validate(data);
  return result.issues ? { error: new Error(result.issues.map((issue) => issue.message).join('; ')) } : { value: result.value };
};

const todoAnswer = (todo) => ({ id: '1', name: todo.name, priority: todo.priority, colorLabel: todo.colorLabel, done: false });
const orderAnswer = (order) => ({ id: '1', customer: order.customer, lines: order.lines.length });

for (const [prefix, todo, order, validatorCompiler] of [
  ['zod', schemas.ZodCreateTodo, schemas.ZodCreateOrder, zodValidatorCompiler],
  ['valibot', schemas.ValibotCreateTodo, schemas.ValibotCreateOrder, standardCompiler],
  ['arktype', schemas.ArkCreateTodo, schemas.ArkCreateOrder, standardCompiler],
]) {
  app.post(`/${prefix}/todo`, { schema: { body: todo }, validatorCompiler }, async (req) => todoAnswer(req.body));
  app.post(`/${prefix}/order`, { schema: { body: order }, validatorCompiler }, async (req) => orderAnswer(req.body));
}

await app.listen({ port, host: '127.0.0.1' });
console.log(`ready ${app.server.address().port} -`);
