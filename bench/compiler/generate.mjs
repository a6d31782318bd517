#!/usr/bin/env node
// Writes a synthetic app for compiler scaling: N controllers of 5 routes (with DTOs and a service
// each), one feature module per 10 controllers and, with --grpc, one gRPC service per feature.
// Usage: node bench/compiler/generate.mjs <dir inside the repository> <controllers> [--grpc]
// (Inside, so that @framework/core resolves to the repository's one copy.)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const repo = new URL('../..', import.meta.url).pathname;

const files = {
  dto: (i) => `import { IsHexColor, IsNumber, IsOptional, IsString } from 'class-validator';

export class CreateItem${i}Dto {
  @IsString() name!: string;
  @IsNumber() priority!: number;
  @IsHexColor() colorLabel!: string;
}

export class UpdateItem${i}Dto {
  @IsOptional() @IsString() name?: string;
  @IsOptional() @IsNumber() priority?: number;
}
`,
  service: (i) => `import { Injectable } from '@framework/core';

@Injectable()
export class Item${i}Service {
  private readonly items = new Map<string, object>();
  get(id: string): object { return this.items.get(id) ?? { id }; }
  put(id: string, item: object): object { this.items.set(id, item); return item; }
  list(): object[] { return [...this.items.values()]; }
  remove(id: string): boolean { return this.items.delete(id); }
}
`,
  controller: (i, k) => `import { Body, Controller, Delete, Get, Param, Post, Put } from '@framework/core';
import { CreateItem${i}Dto, UpdateItem${i}Dto } from './item${i}.dto.js';
import { Item${i}Service } from './item${i}.service.js';

@Controller('/f${k}/item${i}')
export class Item${i}Controller {
  constructor(private readonly items: Item${i}Service) {}
  @Get() list(): object[] { return this.items.list(); }
  @Get('/:id') get(@Param('id') id: string): object { return this.items.get(id); }
  @Post() create(@Body() dto: CreateItem${i}Dto): object { return this.items.put(dto.name, dto); }
  @Put('/:id') update(@Param('id') id: string, @Body() dto: UpdateItem${i}Dto): object { return this.items.put(id, dto); }
  @Delete('/:id') remove(@Param('id') id: string): boolean { return this.items.remove(id); }
}
`,
  proto: (k) => `syntax = "proto3";\npackage f${k};\nmessage GetTodoRequest { string id = 1; }\nmessage CreateTodoRequest { string title = 1; }\n` +
    `message Todo { string id = 1; string title = 2; bool done = 3; }\n` +
    `service TodoService {\n  rpc GetTodo (GetTodoRequest) returns (Todo);\n  rpc CreateTodo (CreateTodoRequest) returns (Todo);\n}\n`,
  grpc: (k) => `import { fileURLToPath } from 'node:url';
import { GrpcController, GrpcMethod, GrpcPayload, loadProto } from '@framework/grpc';

const proto = loadProto(fileURLToPath(new URL('./feature.proto', import.meta.url)));

@GrpcController(proto.f${k}!.TodoService!.service)
export class Feature${k}Grpc {
  @GrpcMethod() GetTodo(@GrpcPayload() request: { id: string }) { return { id: request.id, title: 'todo', done: false }; }
  @GrpcMethod() CreateTodo(@GrpcPayload() request: { title: string }) { return { id: '1', title: request.title, done: false }; }
}
`,
};

/** Writes the project; returns its counts. */
export function generateProject(dir, controllers, { grpc = false } = {}) {
  const features = Math.ceil(controllers / 10);
  mkdirSync(join(dir, 'src'), { recursive: true });
  const base = relative(dir, join(repo, 'tsconfig.base.json'));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: base, include: ['src', 'generated'] }, null, 2));
  const featureImports = [];
  for (let k = 0; k < features; k++) {
    const folder = join(dir, 'src', `feature${k}`);
    mkdirSync(folder);
    const ids = Array.from({ length: Math.min(10, controllers - k * 10) }, (_, j) => k * 10 + j);
    for (const i of ids) {
      writeFileSync(join(folder, `item${i}.dto.ts`), files.dto(i));
      writeFileSync(join(folder, `item${i}.service.ts`), files.service(i));
      writeFileSync(join(folder, `item${i}.controller.ts`), files.controller(i, k));
    }
    const controllerNames = ids.map((i) => `Item${i}Controller`);
    const imports = ids.map((i) => `import { Item${i}Controller } from './item${i}.controller.js';\nimport { Item${i}Service } from './item${i}.service.js';`);
    if (grpc) {
      writeFileSync(join(folder, 'feature.proto'), files.proto(k));
      writeFileSync(join(folder, 'feature.grpc.ts'), files.grpc(k));
      imports.push(`import { Feature${k}Grpc } from './feature.grpc.js';`);
      controllerNames.push(`Feature${k}Grpc`);
    }
    writeFileSync(join(folder, 'feature.module.ts'), `import { Module } from '@framework/core';\n${imports.join('\n')}\n\n` +
      `@Module({ controllers: [${controllerNames.join(', ')}], injectables: [${ids.map((i) => `Item${i}Service`).join(', ')}] })\nexport class Feature${k}Module {}\n`);
    featureImports.push(`import { Feature${k}Module } from './feature${k}/feature.module.js';`);
  }
  writeFileSync(join(dir, 'src', 'app.module.ts'), `import { Module } from '@framework/core';\n${featureImports.join('\n')}\n\n` +
    `@Module({ imports: [${Array.from({ length: features }, (_, k) => `Feature${k}Module`).join(', ')}] })\nexport class AppModule {}\n`);
  return { controllers, routes: controllers * 5, grpcServices: grpc ? features : 0 };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const [dir, count] = process.argv.slice(2);
  console.log(generateProject(dir, Number(count), { grpc: process.argv.includes('--grpc') }));
}
