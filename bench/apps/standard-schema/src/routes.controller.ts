import { Body, Controller, Post } from '@framework/core';
import type * as v from 'valibot';
import type { z } from 'zod';
import { CreateOrderDto } from '../../framework/src/http/order.dto.js';
import { CreateTodoDto } from '../../framework/src/http/todo.dto.js';
import { ArkCreateOrder, ArkCreateTodo, ValibotCreateOrder, ValibotCreateTodo, ZodCreateOrder, ZodCreateTodo } from './schemas.js';

// Every handler answers as the main bench's do: the todo echoed with an id, the order summarised.
const todoAnswer = (todo: { name: string; priority: number; colorLabel: string }): object => ({ id: '1', name: todo.name, priority: todo.priority, colorLabel: todo.colorLabel, done: false });
const orderAnswer = (order: { customer: string; lines: readonly unknown[] }): object => ({ id: '1', customer: order.customer, lines: order.lines.length });

/** The compiled class-validator rows: the main bench's DTO classes. */
@Controller('/class')
export class ClassRoutes {
  @Post('/todo')
  todo(@Body() dto: CreateTodoDto): object {
    return todoAnswer(dto);
  }

  @Post('/order')
  order(@Body() dto: CreateOrderDto): object {
    return orderAnswer(dto);
  }
}

@Controller('/zod')
export class ZodRoutes {
  @Post('/todo')
  todo(@Body({ schema: ZodCreateTodo }) todo: z.output<typeof ZodCreateTodo>): object {
    return todoAnswer(todo);
  }

  @Post('/order')
  order(@Body({ schema: ZodCreateOrder }) order: z.output<typeof ZodCreateOrder>): object {
    return orderAnswer(order);
  }
}

@Controller('/valibot')
export class ValibotRoutes {
  @Post('/todo')
  todo(@Body({ schema: ValibotCreateTodo }) todo: v.InferOutput<typeof ValibotCreateTodo>): object {
    return todoAnswer(todo);
  }

  @Post('/order')
  order(@Body({ schema: ValibotCreateOrder }) order: v.InferOutput<typeof ValibotCreateOrder>): object {
    return orderAnswer(order);
  }
}

@Controller('/arktype')
export class ArkTypeRoutes {
  @Post('/todo')
  todo(@Body({ schema: ArkCreateTodo }) todo: typeof ArkCreateTodo.infer): object {
    return todoAnswer(todo);
  }

  @Post('/order')
  order(@Body({ schema: ArkCreateOrder }) order: typeof ArkCreateOrder.infer): object {
    return orderAnswer(order);
  }
}
