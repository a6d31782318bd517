import { Body, Controller, Delete, Get, HttpException, Param, Post, Put, Query } from '@framework/core';
import { CreateTodoDto, UpdateTodoDto } from './todo.dto.js';
import { MAX_PAGE, TodoService, type Todo } from './todo.service.js';

/** A paging query parameter: absent is `fallback`, else a whole number from 0 to `max`. */
function pageNumber(name: string, text: string | undefined, fallback: number, max: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value > max) throw new HttpException(400, `${name} must be a whole number from 0 to ${max}; got '${text.slice(0, 20)}'`);
  return value;
}

@Controller('/todo')
export class TodoController {
  constructor(private readonly todos: TodoService) {}

  /** One page of todos: `?limit=` (default and maximum 100) after `?offset=` (default 0). */
  @Get()
  findAll(@Query('offset') offset?: string, @Query('limit') limit?: string): Todo[] {
    return this.todos.list(pageNumber('offset', offset, 0, Number.MAX_SAFE_INTEGER), pageNumber('limit', limit, MAX_PAGE, MAX_PAGE));
  }

  @Post()
  create(@Body() dto: CreateTodoDto): Todo {
    return this.todos.create(dto);
  }

  @Get('/:id')
  findOne(@Param('id') id: string): Todo {
    return this.todos.get(id);
  }

  @Put('/:id')
  update(@Param('id') id: string, @Body() dto: UpdateTodoDto): Todo {
    return this.todos.update(id, dto);
  }

  @Delete('/:id')
  remove(@Param('id') id: string): Todo {
    return this.todos.remove(id);
  }
}
