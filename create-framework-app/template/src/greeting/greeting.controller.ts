import { Body, Controller, Get, HttpCode, Param, Post } from '@framework/core';
import { CreateGreetingDto } from './create-greeting.dto.js';
import { GreetingService, type Greeting } from './greeting.service.js';

@Controller('/greetings')
export class GreetingController {
  // Injected by its type: framework-build resolves it at build time.
  constructor(private readonly greetings: GreetingService) {}

  @Get()
  list(): Greeting[] {
    return this.greetings.list();
  }

  @Get('/:id')
  findOne(@Param('id') id: string): Greeting {
    return this.greetings.get(Number(id));
  }

  @Post()
  @HttpCode(201)
  create(@Body() dto: CreateGreetingDto): Greeting {
    return this.greetings.create(dto.name);
  }
}
