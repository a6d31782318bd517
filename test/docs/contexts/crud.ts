// A store, a DTO and a guard of the app's own.
import { Body, Controller, Get, Param, Post, UseGuard, type ExecutionContext } from '@framework/core';
declare class TodoStore { list(): object[]; get(id: string): object; add(dto: object): object }
declare class CreateTodoDto { name: string }
declare class AdminGuard { canActivate(context: ExecutionContext): boolean }
