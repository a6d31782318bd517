// NestJS 12 on the Fastify adapter, global ValidationPipe (class-validator + class-transformer).
import 'reflect-metadata';
import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module.cjs';
import { port } from './common.cjs';

async function main(): Promise<void> {
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, new FastifyAdapter(), { logger: false });
  app.useGlobalPipes(new ValidationPipe());
  await app.listen(port, '127.0.0.1');
  console.log(`ready ${port} -`);
}
void main();
