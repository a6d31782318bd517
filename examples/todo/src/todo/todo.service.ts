import { HttpException, Injectable, InsufficientStorageException, NotFoundException } from '@framework/core';
import { TodoChanges } from './todo-changes.js';
import { MAX_NAME_LENGTH, type CreateTodoDto, type UpdateTodoDto } from './todo.dto.js';

/** Todos kept at most: the store, and so `GET /todo`, has a bounded size. */
export const MAX_TODOS = 10_000;

/** The longest page `list` returns, whatever is asked. */
export const MAX_PAGE = 100;

/** A todo as returned over HTTP and gRPC. */
export interface Todo {
  id: string;
  title: string;
  done: boolean;
  priority: number;
  colorLabel: string;
}

/**
 * Holds at most `MAX_TODOS` todos in memory; one instance serves every controller of the
 * application. Names are checked here too, since gRPC payloads are not validated by DTOs.
 */
@Injectable()
export class TodoService {
  private readonly todos = new Map<string, Todo>();
  private nextId = 1;

  constructor(private readonly changes: TodoChanges) {}

  /** Up to `limit` todos (at most `MAX_PAGE`) after the first `offset`, in creation order. */
  list(offset = 0, limit = MAX_PAGE): Todo[] {
    const page: Todo[] = [];
    const end = offset + Math.min(limit, MAX_PAGE);
    let index = 0;
    for (const todo of this.todos.values()) {
      if (index >= end) break;
      if (index++ >= offset) page.push(todo);
    }
    return page;
  }

  /** Every todo from the `offset`-th on, in creation order, read lazily (for streaming them all). */
  *each(offset = 0): Generator<Todo> {
    let index = 0;
    for (const todo of this.todos.values()) {
      if (index++ >= offset) yield todo;
    }
  }

  get(id: string): Todo {
    const todo = this.todos.get(id);
    if (!todo) throw new NotFoundException();
    return todo;
  }

  create(input: CreateTodoDto): Todo {
    if (this.todos.size >= MAX_TODOS) throw new InsufficientStorageException();
    checkName(input.name);
    const todo: Todo = {
      id: String(this.nextId++),
      title: input.name,
      done: false,
      priority: input.priority,
      colorLabel: input.colorLabel,
    };
    this.todos.set(todo.id, todo);
    this.changes.publish('created', todo);
    return todo;
  }

  update(id: string, changes: UpdateTodoDto): Todo {
    const todo = this.get(id);
    // `@IsOptional()` lets null through as well as undefined: both leave the field as it is.
    if (changes.name != null) todo.title = checkName(changes.name);
    if (changes.priority != null) todo.priority = changes.priority;
    if (changes.colorLabel != null) todo.colorLabel = changes.colorLabel;
    if (changes.done != null) todo.done = changes.done;
    this.changes.publish('updated', todo);
    return todo;
  }

  remove(id: string): Todo {
    const todo = this.get(id);
    this.todos.delete(id);
    this.changes.publish('deleted', todo);
    return todo;
  }
}

function checkName(name: string): string {
  if (name.length > MAX_NAME_LENGTH) throw new HttpException(400, `A todo name has at most ${MAX_NAME_LENGTH} characters`);
  return name;
}
