// A file in the todo example's test/ folder holding a token from POST /auth/login.
declare const token: string;
