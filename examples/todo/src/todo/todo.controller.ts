import { Body, Controller, Delete, Get, Param, Post, Put } from '@framework/core';
import { CreateTodoDto, UpdateTodoDto } from './todo.dto.js';
import { TodoService, type Todo } from './todo.service.js';

@Controller('/todo')
export class TodoController {
  constructor(private readonly todos: TodoService) {}

  @Get()
  findAll(): Todo[] {
    return this.todos.list();
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
