import { bootstrap } from './bootstrap.js';

const app = await bootstrap();
const port = await app.listen(Number(process.env.PORT ?? 3000));
console.log(`todo example listening on http://localhost:${port}`);
