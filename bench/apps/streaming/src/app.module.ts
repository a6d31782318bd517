import { Module } from '@framework/core';
import { StreamsController } from './streams.controller.js';

@Module({ controllers: [StreamsController] })
export class AppModule {}
