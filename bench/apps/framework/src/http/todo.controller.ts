import { Body, Controller, Get, Param, Post } from '@framework/core';
import { CreateTodoDto } from './todo.dto.js';

/** Plain routes and the validated POST; no guard. */
@Controller('/todo')
export class TodoController {
  private nextId = 1;

  @Get()
  list(): string {
    return 'todo list';
  }

  @Get('/:id')
  findOne(@Param('id') id: string): { id: string; title: string; done: boolean } {
    return { id, title: 'todo', done: false };
  }

  @Post()
  create(@Body() dto: CreateTodoDto): object {
    return { id: String(this.nextId++), name: dto.name, priority: dto.priority, colorLabel: dto.colorLabel, done: false };
  }
}
