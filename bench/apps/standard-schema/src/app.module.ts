import { Module } from '@framework/core';
import { ArkTypeRoutes, ClassRoutes, ValibotRoutes, ZodRoutes } from './routes.controller.js';

@Module({ controllers: [ClassRoutes, ZodRoutes, ValibotRoutes, ArkTypeRoutes] })
export class AppModule {}
