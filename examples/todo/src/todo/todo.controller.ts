import { Body, Controller, Ctx, Delete, Get, Header, HttpException, Messages, Param, Post, Put, Query, Sse, Ws, sseEvent, type ExecutionContext, type ServerSentEvent } from '@framework/core';
import { CreateTodoDto, UpdateTodoDto } from './todo.dto.js';
import { TodoChanges, type TodoChange } from './todo-changes.js';
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
  constructor(
    private readonly todos: TodoService,
    private readonly changes: TodoChanges,
  ) {}

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
   * Every change to the todos from now on, as server-sent events named `created`, `updated` and
   * `deleted`, each with its sequence number as id: a client reconnecting with `Last-Event-ID`
   * first gets the changes it missed (of the last thousand).
   */
  @Sse('/events')
  async *events(@Ctx() context: ExecutionContext, @Header('last-event-id') lastEventId?: string): AsyncGenerator<ServerSentEvent<TodoChange>> {
    const after = lastEventId !== undefined && /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : this.changes.latest;
    for await (const change of this.changes.subscribe(after, context.signal).changes) {
      yield sseEvent(change, { event: change.kind, id: String(change.sequence) });
    }
  }

  /**
   * A socket that sends every change to the todos from now on, and creates a todo for each
   * message it receives (validated as the body of `POST /todo`).
   */
  @Ws('/ws')
  async *socket(@Ctx() context: ExecutionContext, @Messages() messages: AsyncIterable<CreateTodoDto>): AsyncGenerator<TodoChange> {
    const feed = this.changes.subscribe(this.changes.latest, context.signal);
    // The messages are read beside the feed; a create that fails (507, a name too long) ends the socket with its status.
    void (async () => {
      for await (const dto of messages) this.todos.create(dto);
    })().catch((error: unknown) => feed.fail(error));
    yield* feed.changes;
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
