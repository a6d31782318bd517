import { Body, Controller, Post } from '@framework/core';
import { CreateOrderDto } from './order.dto.js';

/** The validated POST of a DTO with nested arrays and formats. */
@Controller('/order')
export class OrderController {
  private nextId = 1;

  @Post()
  create(@Body() dto: CreateOrderDto): object {
    return { id: String(this.nextId++), customer: dto.customer, lines: dto.lines.length };
  }
}
