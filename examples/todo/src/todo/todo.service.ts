import { Injectable, NotFoundException } from '@framework/core';
import type { CreateTodoDto, UpdateTodoDto } from './todo.dto.js';

/** A todo as returned over HTTP and gRPC. */
export interface Todo {
  id: string;
  title: string;
  done: boolean;
  priority: number;
  colorLabel: string;
}

/** Holds the todos in memory; one instance serves every controller of the application. */
@Injectable()
export class TodoService {
  private readonly todos = new Map<string, Todo>();
  private nextId = 1;

  list(): Todo[] {
    return [...this.todos.values()];
  }

  get(id: string): Todo {
    const todo = this.todos.get(id);
    if (!todo) throw new NotFoundException();
    return todo;
  }

  create(input: CreateTodoDto): Todo {
    const todo: Todo = {
      id: String(this.nextId++),
      title: input.name,
      done: false,
      priority: input.priority,
      colorLabel: input.colorLabel,
    };
    this.todos.set(todo.id, todo);
    return todo;
  }

  update(id: string, changes: UpdateTodoDto): Todo {
    const todo = this.get(id);
    if (changes.name !== undefined) todo.title = changes.name;
    if (changes.priority !== undefined) todo.priority = changes.priority;
    if (changes.colorLabel !== undefined) todo.colorLabel = changes.colorLabel;
    if (changes.done !== undefined) todo.done = changes.done;
    return todo;
  }

  remove(id: string): Todo {
    const todo = this.get(id);
    this.todos.delete(id);
    return todo;
  }
}
