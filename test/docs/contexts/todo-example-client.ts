// A file in the todo example's test/ folder: its generated client, and a token from POST /auth/login.
import { createClient } from '../generated/client.js';
declare const token: string;
