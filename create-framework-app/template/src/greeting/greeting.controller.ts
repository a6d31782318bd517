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

  // The declared type is the conversion: `/greetings/abc` is a 400 naming `id`, before this runs.
  @Get('/:id')
  findOne(@Param('id') id: number): Greeting {
    return this.greetings.get(id);
  }

  @Post()
  @HttpCode(201)
  create(@Body() dto: CreateGreetingDto): Greeting {
    return this.greetings.create(dto.name);
  }
}
