// The bench's CreateTodoDto and CreateOrderDto (apps/framework/src/http/*.dto.ts), rule for rule,
// as Zod, Valibot and ArkType schemas. Fastify's peer (peers/fastify/standard-schema.mjs) imports
// these same values.
import { type } from 'arktype';
import * as v from 'valibot';
import { z } from 'zod';

// class-validator's IsHexColor: 3, 4, 6 or 8 digits, the `#` optional (both cases spelled out: JSON Schema patterns carry no flags).
const HEX_COLOR = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

export const ZodCreateTodo = z.object({ name: z.string(), priority: z.number(), colorLabel: z.string().regex(HEX_COLOR) });

export const ZodCreateOrder = z.object({
  email: z.email(),
  customer: z.string().min(1).max(64),
  website: z.url().optional(),
  deliverBy: z.iso.datetime(),
  lines: z
    .array(z.object({ productId: z.uuid({ version: 'v4' }), quantity: z.number().int().min(1).max(100), notes: z.array(z.string()).max(5).optional() }))
    .min(1)
    .max(20),
  colors: z.array(z.string().regex(HEX_COLOR)).max(3),
});

export const ValibotCreateTodo = v.object({ name: v.string(), priority: v.number(), colorLabel: v.pipe(v.string(), v.regex(HEX_COLOR)) });

export const ValibotCreateOrder = v.object({
  email: v.pipe(v.string(), v.email()),
  customer: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  website: v.optional(v.pipe(v.string(), v.url())),
  deliverBy: v.pipe(v.string(), v.isoTimestamp()),
  lines: v.pipe(
    v.array(
      v.object({
        productId: v.pipe(v.string(), v.uuid()),
        quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
        notes: v.optional(v.pipe(v.array(v.string()), v.maxLength(5))),
      }),
    ),
    v.minLength(1),
    v.maxLength(20),
  ),
  colors: v.pipe(v.array(v.pipe(v.string(), v.regex(HEX_COLOR))), v.maxLength(3)),
});

// `'+': 'delete'` strips undeclared keys, as the DTO's whitelist and the other libraries do.
export const ArkCreateTodo = type({ '+': 'delete', name: 'string', priority: 'number', colorLabel: HEX_COLOR });

export const ArkCreateOrder = type({
  '+': 'delete',
  email: 'string.email',
  customer: '0 < string <= 64',
  'website?': 'string.url',
  deliverBy: 'string.date.iso',
  lines: type({ '+': 'delete', productId: 'string.uuid.v4', quantity: '1 <= number.integer <= 100', 'notes?': 'string[] <= 5' }).array().atLeastLength(1).atMostLength(20),
  colors: type(HEX_COLOR).array().atMostLength(3),
});
