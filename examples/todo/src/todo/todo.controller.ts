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

/** The signed-in caller's todos: every route needs a bearer token from `POST /auth/login`. */
@Controller('/todo')
export class TodoController {
  constructor(private readonly todos: TodoService) {}

  /**
   * One page of todos: `?limit=` (default and maximum 100) after `?offset=` (default 0).
   *
   * @throws {BadRequestException} when `offset` or `limit` is not a whole number in range
   */
  @Get()
  findAll(@Query('offset') offset?: string, @Query('limit') limit?: string): Todo[] {
    return this.todos.list(pageNumber('offset', offset, 0, Number.MAX_SAFE_INTEGER), pageNumber('limit', limit, MAX_PAGE, MAX_PAGE));
  }

  /**
   * Creates a todo, not done yet.
   *
   * @throws {InsufficientStorageException} when the store already holds its maximum of todos
   */
  @Post()
  create(@Body() dto: CreateTodoDto): Todo {
    return this.todos.create(dto);
  }

  /**
   * The todo with this id.
   *
   * @throws {NotFoundException} when no todo has this id
   */
  @Get('/:id')
  findOne(@Param('id') id: string): Todo {
    return this.todos.get(id);
  }

  /**
   * Changes the fields the body gives; the others stay as they are.
   *
   * @throws {NotFoundException} when no todo has this id
   */
  @Put('/:id')
  update(@Param('id') id: string, @Body() dto: UpdateTodoDto): Todo {
    return this.todos.update(id, dto);
  }

  /**
   * Deletes the todo with this id and answers it.
   *
   * @throws {NotFoundException} when no todo has this id
   */
  @Delete('/:id')
  remove(@Param('id') id: string): Todo {
    return this.todos.remove(id);
  }
}
