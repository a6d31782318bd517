// A controller in the todo example: its change feed, service and DTO.
import { TodoChanges, type TodoChange } from '../src/todo/todo-changes.js';
import { TodoService } from '../src/todo/todo.service.js';
import { CreateTodoDto } from '../src/todo/todo.dto.js';
