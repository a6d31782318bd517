import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { JwtGuard } from './jwt.guard.cjs';
import { CreateOrderDto } from './order.dto.cjs';
import { CreateTodoDto } from './todo.dto.cjs';

@Controller('todo')
export class TodoController {
  private nextId = 1;

  @Get()
  list(): string {
    return 'todo list';
  }

  @Get(':id')
  findOne(@Param('id') id: string) {
    return { id, title: 'todo', done: false };
  }

  @Post()
  @HttpCode(200)
  create(@Body() dto: CreateTodoDto) {
    return { id: String(this.nextId++), name: dto.name, priority: dto.priority, colorLabel: dto.colorLabel, done: false };
  }
}

@Controller('order')
export class OrderController {
  private nextId = 1;

  @Post()
  @HttpCode(200)
  create(@Body() dto: CreateOrderDto) {
    return { id: String(this.nextId++), customer: dto.customer, lines: dto.lines.length };
  }
}

@UseGuards(JwtGuard)
@Controller('secure')
export class SecureController {
  @Get()
  read(): string {
    return 'secure';
  }
}

@UseGuards(ThrottlerGuard)
@Controller('limited')
export class LimitedController {
  @Get()
  read(): string {
    return 'limited';
  }
}
