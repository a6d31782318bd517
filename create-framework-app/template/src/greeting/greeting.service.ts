import { Injectable, NotFoundException } from '@framework/core';

export interface Greeting {
  id: number;
  message: string;
}

/** Keeps the greetings in memory; one instance serves every controller of the application. */
@Injectable()
export class GreetingService {
  private readonly greetings = new Map<number, Greeting>();
  private nextId = 1;

  list(): Greeting[] {
    return [...this.greetings.values()];
  }

  get(id: number): Greeting {
    const greeting = this.greetings.get(id);
    if (!greeting) throw new NotFoundException();
    return greeting;
  }

  create(name: string): Greeting {
    const greeting = { id: this.nextId++, message: `Hello, ${name}!` };
    this.greetings.set(greeting.id, greeting);
    return greeting;
  }
}
